/* ravel-test
 * Message passing with relaxed atomics: under C11 the consumer may see the flag before the
 * data, but ravel explores sequential consistency only, where it cannot. The verdict says
 * "safe under sequential consistency" and a note names the first weak atomic.
 * check: safe executions=2
 * check-all: safe executions=2
 * report: check
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
atomic_int data, flag;
void *producer(void *a) {
    atomic_store_explicit(&data, 1, memory_order_relaxed);
    atomic_store_explicit(&flag, 1, memory_order_relaxed);
    return 0;
}
void *consumer(void *a) {
    if (atomic_load_explicit(&flag, memory_order_relaxed))
        assert(atomic_load_explicit(&data, memory_order_relaxed) == 1);
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, producer, 0);
    pthread_create(&b, 0, consumer, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}

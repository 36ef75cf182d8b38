/* ravel-test
 * Message passing with plain data and a release/acquire flag, only atomics as scheduling
 * points: race-free under both models. Under TSO the flag's store waits in the buffer and
 * releases the data store when it becomes visible, so the reader that acquires it is
 * ordered after the data: no data race, and the data is seen. Classes: the flag load before
 * or after the flag store becomes visible (under SC: before or after the store): 2.
 * run: ok
 * check: safe executions=2
 * check-tso-sync: safe executions=2
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
int data;
atomic_int flag;
static void *writer(void *p) {
    data = 42;
    atomic_store_explicit(&flag, 1, memory_order_release);
    return 0;
}
static void *reader(void *p) {
    if (atomic_load_explicit(&flag, memory_order_acquire) == 1) assert(data == 42);
    return 0;
}
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, writer, 0);
    pthread_create(&t[1], 0, reader, 0);
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    return 0;
}

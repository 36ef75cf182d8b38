/* ravel-test
 * a compare-and-swap spinlock around two increments per thread: correct, and no
 * schedule hangs (a failed compare-and-swap writes nothing and the loop resets its
 * expected value, so a retry against a held lock changes nothing).
 * run: ok
 * check: safe
 * check-all: safe
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
atomic_int lock;
int counter;
static void acquire(void) {
    int expected = 0;
    while (!atomic_compare_exchange_weak(&lock, &expected, 1))
        expected = 0;
}
static void release(void) { atomic_store(&lock, 0); }
void *worker(void *p) {
    for (int i = 0; i < 2; i++) {
        acquire();
        counter++;
        release();
    }
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(counter == 4);
    return 0;
}

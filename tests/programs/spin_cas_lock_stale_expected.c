/* ravel-test
 * a compare-and-swap spinlock whose loop forgets to reset the expected value: after a
 * failure it holds 1, the next compare-and-swap of 1 by 1 succeeds on the held lock and
 * both threads are inside at once.
 * check: unsafe assertion-failure
 * check-all: unsafe assertion-failure
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
atomic_int lock;
atomic_int inside;
static void acquire(void) {
    int expected = 0;
    while (!atomic_compare_exchange_weak(&lock, &expected, 1))
        ;
}
static void release(void) { atomic_store(&lock, 0); }
void *worker(void *p) {
    acquire();
    atomic_fetch_add(&inside, 1);
    assert(atomic_load(&inside) == 1);
    atomic_fetch_sub(&inside, 1);
    release();
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}

/* ravel-test
 * a test-and-test-and-set spinlock around a counter: correct, and no schedule hangs.
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
    for (;;) {
        while (atomic_load(&lock))
            ;
        if (!atomic_exchange(&lock, 1))
            return;
    }
}
static void release(void) { atomic_store(&lock, 0); }
void *worker(void *p) {
    acquire();
    counter++;
    release();
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(counter == 2);
    return 0;
}

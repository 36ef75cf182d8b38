/* ravel-test
 * a test-and-test-and-set spinlock released before the increment it should protect
 * (the unlock moved above the critical section): an update can be lost.
 * check: unsafe assertion-failure
 * check-all: unsafe assertion-failure
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
atomic_int lock;
atomic_int counter;
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
    for (int i = 0; i < 2; i++) {
        acquire();
        int c = atomic_load(&counter);
        release();
        atomic_store(&counter, c + 1);
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

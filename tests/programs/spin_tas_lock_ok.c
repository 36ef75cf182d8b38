/* ravel-test
 * a test-and-set spinlock (atomic_flag) around two increments per thread: correct, and
 * no schedule hangs (a failed test-and-set writes what was there: it changes nothing).
 * run: ok
 * check: safe
 * check-all: safe
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
atomic_flag lock = ATOMIC_FLAG_INIT;
int counter;
void *worker(void *p) {
    for (int i = 0; i < 2; i++) {
        while (atomic_flag_test_and_set(&lock))
            ;
        counter++;
        atomic_flag_clear(&lock);
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

/* ravel-test
 * a test-and-set spinlock (atomic_flag) that one thread forgets to take: its increment
 * races with the other thread's, and an update can be lost.
 * check: unsafe data-race
 * check-all: unsafe data-race
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
atomic_flag lock = ATOMIC_FLAG_INIT;
int counter;
void *careful(void *p) {
    for (int i = 0; i < 2; i++) {
        while (atomic_flag_test_and_set(&lock))
            ;
        counter++;
        atomic_flag_clear(&lock);
    }
    return 0;
}
void *careless(void *p) {
    for (int i = 0; i < 2; i++)
        counter++;
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, careful, 0);
    pthread_create(&b, 0, careless, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(counter == 4);
    return 0;
}

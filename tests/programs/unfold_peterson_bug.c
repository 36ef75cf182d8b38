/* ravel-test
 * Peterson's algorithm with the two writes of the entry protocol swapped (turn first,
 * then the flag): both threads can enter the critical section
 * check: unsafe assertion-failure
 * check-unfold: unsafe assertion-failure
 */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
atomic_int flag[2], turn, inside;
void *worker(void *arg) {
    int me = (int)(long)arg, other = 1 - me;
    while (1) {
        atomic_store(&turn, other);
        atomic_store(&flag[me], 1);
        while (atomic_load(&flag[other]) && atomic_load(&turn) == other) {
        }
        atomic_fetch_add(&inside, 1);
        assert(atomic_load(&inside) == 1);
        atomic_fetch_sub(&inside, 1);
        atomic_store(&flag[me], 0);
    }
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, (void *)0);
    pthread_create(&b, 0, worker, (void *)1);
    pthread_join(a, 0);
    return 0;
}

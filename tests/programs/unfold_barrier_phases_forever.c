/* ravel-test
 * two threads run phases forever, separated by a barrier: each writes its own slot in
 * one phase and reads the other's in the next
 * check: unknown
 * check-unfold: safe
 * check-flags: --max-depth 300 --max-executions 200
 */
#include <pthread.h>
#include <assert.h>
pthread_barrier_t b;
int slot[2];
void *worker(void *arg) {
    int me = (int)(long)arg, phase = 0;
    while (1) {
        slot[me] = phase;
        pthread_barrier_wait(&b);
        assert(slot[1 - me] == phase);
        pthread_barrier_wait(&b);
        phase = 1 - phase;
    }
    return 0;
}
int main(void) {
    pthread_barrier_init(&b, 0, 2);
    pthread_t a, c;
    pthread_create(&a, 0, worker, (void *)0);
    pthread_create(&c, 0, worker, (void *)1);
    pthread_join(a, 0);
    return 0;
}

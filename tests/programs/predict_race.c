/* ravel-test
 * run: ok
 * run-flags: --no-races (a litmus test: its races are the point; run checks the output)
 * seeds: 1
 * predict: unsafe data-race
 * predict-flags: --seed 1 --property race
 */
// Both threads write `x`, one before and one after a critical section of the same lock:
// when the worker's section comes first the writes are ordered, in the other order they race.
#include <pthread.h>

int x = 0;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
    (void)arg;
    x = 1;
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    x = 2;
    pthread_join(t, 0);
    return 0;
}

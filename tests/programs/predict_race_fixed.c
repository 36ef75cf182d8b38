/* ravel-test
 * run: ok
 * seeds: 1
 * predict: safe
 * predict-flags: --seed 1 --property race
 */
// Both writes of `x` inside critical sections of one lock: no reordering races.
#include <pthread.h>

int x = 0;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    x = 1;
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_mutex_lock(&m);
    x = 2;
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    return 0;
}

/* ravel-test
 * run: ok
 * seeds: 3
 * check: safe
 * predict: safe
 * predict-flags: --seed 1 --property locks
 */
// main only reads the flag under the lock it already holds: no second lock.
#include <pthread.h>

int flag = 0;
int seen = 0;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    flag = 1;
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_mutex_lock(&m);
    if (flag)
        seen = 1;
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    return 0;
}

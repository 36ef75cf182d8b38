/* ravel-test
 * run: error pthread-misuse
 * seeds: 1
 * predict: unsafe pthread-misuse
 * predict-flags: --seed 9 --property locks
 */
// main locks again when it sees the flag set: a self-deadlock the recorded run, where
// main reads the flag before the worker sets it (seed 9), does not show (`ravel run
// --seed 1` gives the worker its head start and meets it).
#include <pthread.h>

int flag = 0;
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
        pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    return 0;
}

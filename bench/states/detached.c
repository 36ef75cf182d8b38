/* N identical detached workers, each adding to a shared total twice under a mutex; the
 * last one out checks the total. Handles are never read, so the states engine compares
 * states up to thread permutation. */
#include <assert.h>
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int total, done;
void *worker(void *arg) {
    for (int i = 0; i < 2; i++) {
        pthread_mutex_lock(&m);
        total++;
        pthread_mutex_unlock(&m);
    }
    pthread_mutex_lock(&m);
    if (++done == N)
        assert(total == 2 * N);
    pthread_mutex_unlock(&m);
    return 0;
}
int main(void) {
    pthread_t t;
    for (int i = 0; i < N; i++)
        pthread_create(&t, 0, worker, 0);
    pthread_exit(0);
}

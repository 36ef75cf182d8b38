/* ravel-test
 * three threads increment a counter modulo 3 under a mutex, forever
 * check: unknown
 * check-unfold: safe
 * check-flags: --max-depth 300 --max-executions 200
 */
#include <pthread.h>
#include <assert.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x;
void *worker(void *arg) {
    while (1) {
        pthread_mutex_lock(&m);
        x = (x + 1) % 3;
        assert(x >= 0 && x < 3);
        pthread_mutex_unlock(&m);
    }
    return 0;
}
int main(void) {
    pthread_t t[3];
    for (int i = 0; i < 3; i++) pthread_create(&t[i], 0, worker, 0);
    pthread_join(t[0], 0);
    return 0;
}

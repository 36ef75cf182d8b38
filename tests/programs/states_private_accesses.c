/* ravel-test
 * main reads `limit` before each creation and the workers read it too, but no thread
 * writes it once main runs its loop: those reads, and the creations through a private
 * handle, commute with every other step, so the states engine takes them alone
 * (43 states; 44 while main's first read of `limit`, before any thread exists, still was
 * a step of its own; 148 when every thread interleaved with them)
 * check-all: safe
 * check-states: safe states=43
 * check-flags: --no-races
 */
#include <assert.h>
#include <pthread.h>
int limit = 3;
int done;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *worker(void *p) {
    if (limit > 2) {
        pthread_mutex_lock(&m);
        done++;
        pthread_mutex_unlock(&m);
    }
    return 0;
}
int main(void) {
    pthread_t t;
    for (int i = 0; i < limit; i++) pthread_create(&t, 0, worker, 0);
    pthread_mutex_lock(&m);
    assert(done <= 3);
    pthread_mutex_unlock(&m);
    return 0;
}

/* ravel-test
 * main creates workers forever; each takes a mutex, checks that it is alone in the
 * critical section and leaves: safe for any number of threads, which only the states
 * engine (thread symmetry + thread-count acceleration) can conclude
 * check-flags: --no-deadlocks
 * check-states: safe
 */
#include <pthread.h>
#include <assert.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int inside;
void *worker(void *arg) {
    pthread_mutex_lock(&m);
    inside++;
    assert(inside == 1);
    inside--;
    pthread_mutex_unlock(&m);
    return 0;
}
int main(void) {
    pthread_t t;
    while (1)
        pthread_create(&t, 0, worker, 0);
}

/* ravel-test
 * a shared block freed under a lock and its pointer cleared there; the other thread
 * uses it only under the lock and when not NULL: no use after free in any order.
 * run: ok
 * check: safe executions=2
 * check-all: safe
 */
#include <pthread.h>
#include <stdlib.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int *shared;
int got;
void *user(void *p) {
    pthread_mutex_lock(&m);
    if (shared)
        got = *shared;
    pthread_mutex_unlock(&m);
    return 0;
}
int main(void) {
    pthread_t t;
    shared = malloc(sizeof *shared);
    *shared = 3;
    pthread_create(&t, 0, user, 0);
    pthread_mutex_lock(&m);
    free(shared);
    shared = 0;
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    return 0;
}

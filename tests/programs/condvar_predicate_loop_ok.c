/* ravel-test
 * a condition variable with a predicate loop: correct in every order, and no hang.
 * run: ok
 * check: safe
 * check-all: safe
 */
#include <assert.h>
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int ready, value;
void *producer(void *p) {
    pthread_mutex_lock(&m);
    value = 9;
    ready = 1;
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, producer, 0);
    pthread_mutex_lock(&m);
    while (!ready)
        pthread_cond_wait(&c, &m);
    assert(value == 9);
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    return 0;
}

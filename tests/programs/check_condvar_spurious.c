/* ravel-test
 * waiting with `if` instead of `while` breaks once waits may wake up spuriously
 * check: unsafe assertion-failure
 * check-all: unsafe assertion-failure
 * check-flags: --spurious-wakeups
 */
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int ready;

void *producer(void *p) {
    pthread_mutex_lock(&m);
    ready = 1;
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    return 0;
}

void *consumer(void *p) {
    pthread_mutex_lock(&m);
    if (!ready)
        pthread_cond_wait(&c, &m);
    assert(ready);
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, consumer, 0);
    pthread_create(&b, 0, producer, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}

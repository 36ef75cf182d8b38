/* ravel-test
 * lock-order inversion: deadlocks in some schedule
 * check: unsafe deadlock
 * check-all: unsafe deadlock
 */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
void *f(void *p) { pthread_mutex_lock(&a); pthread_mutex_lock(&b); pthread_mutex_unlock(&b); pthread_mutex_unlock(&a); return 0; }
void *g(void *p) { pthread_mutex_lock(&b); pthread_mutex_lock(&a); pthread_mutex_unlock(&a); pthread_mutex_unlock(&b); return 0; }
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, f, 0);
    pthread_create(&t[1], 0, g, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return 0;
}

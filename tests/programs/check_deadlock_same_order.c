/* ravel-test
 * the near miss: both threads lock in the same order: 2 executions, no deadlock
 * check: safe executions=2
 * check-unfold: safe executions=2
 * check-all: safe executions=2
 */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
void *f(void *p) { pthread_mutex_lock(&a); pthread_mutex_lock(&b); pthread_mutex_unlock(&b); pthread_mutex_unlock(&a); return 0; }
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, f, 0);
    pthread_create(&t[1], 0, f, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return 0;
}

/* ravel-test
 * a condition-variable handoff with a predicate loop is safe
 * check: safe
 * check-all: safe
 */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int ready, value;
void *prod(void *p) { pthread_mutex_lock(&m); value = 7; ready = 1; pthread_cond_signal(&c); pthread_mutex_unlock(&m); return 0; }
void *cons(void *p) { pthread_mutex_lock(&m); while (!ready) pthread_cond_wait(&c, &m); assert(value == 7); pthread_mutex_unlock(&m); return 0; }
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, prod, 0);
    pthread_create(&t[1], 0, cons, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return 0;
}

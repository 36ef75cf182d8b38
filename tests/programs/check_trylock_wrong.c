/* ravel-test
 * assuming trylock always succeeds is wrong
 * check: unsafe assertion-failure
 * check-all: unsafe assertion-failure
 */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int c;
void *f(void *p) { pthread_mutex_lock(&m); c++; pthread_mutex_unlock(&m); return 0; }
void *g(void *p) { assert(pthread_mutex_trylock(&m) == 0); pthread_mutex_unlock(&m); return 0; }
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, f, 0);
    pthread_create(&t[1], 0, g, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return 0;
}

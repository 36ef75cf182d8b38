/* ravel-test
 * trylock fails or succeeds depending on the order
 * check: safe
 * check-all: safe
 */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int c;
void *f(void *p) { if (pthread_mutex_trylock(&m) == 0) { c++; pthread_mutex_unlock(&m); } return 0; }
int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, f, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    assert(c >= 1 && c <= 2);
    return 0;
}

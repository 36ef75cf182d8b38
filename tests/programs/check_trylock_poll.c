/* ravel-test
 * polling trylock is not a useless spin: the holder releases the mutex without a memory write
 * check: unsafe assertion-failure
 * check-all: unsafe assertion-failure
 */
#include <pthread.h>
#include <assert.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x;
void *holder(void *p) { pthread_mutex_lock(&m); x = 1; pthread_mutex_unlock(&m); return 0; }
void *poller(void *p) { while (pthread_mutex_trylock(&m) != 0) ; assert(x == 0); pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t a, b; pthread_create(&a, 0, holder, 0); pthread_create(&b, 0, poller, 0); pthread_join(a, 0); pthread_join(b, 0); return 0; }

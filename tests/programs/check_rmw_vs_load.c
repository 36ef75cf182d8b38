/* ravel-test
 * an atomic increment and a load: the load sees it or not
 * check: safe executions=2
 * check-unfold: safe executions=2
 * check-all: safe executions=2
 */
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdatomic.h>
atomic_int x;
int seen;
void *f(void *p) { atomic_fetch_add(&x, 1); return 0; }
void *g(void *p) { seen = atomic_load(&x); return 0; }
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, f, 0);
    pthread_create(&b, 0, g, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}

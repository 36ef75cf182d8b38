/* ravel-test
 * two CAS from 0 on one variable: exactly one wins, in either order
 * check: safe executions=2
 * check-unfold: safe executions=2
 * check-all: safe executions=2
 */
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdatomic.h>
atomic_int x;
int wins;
void *f(void *p) { int e = 0; if (atomic_compare_exchange_strong(&x, &e, 1)) atomic_fetch_add((atomic_int *)&wins, 0); return 0; }
void *g(void *p) { int e = 0; atomic_compare_exchange_strong(&x, &e, 2); return 0; }
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, f, 0);
    pthread_create(&b, 0, g, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(atomic_load(&x) == 1 || atomic_load(&x) == 2);
    return 0;
}

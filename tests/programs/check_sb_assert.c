/* ravel-test
 * store buffering with an assertion that SC never violates
 * check: safe executions=3
 * check-unfold: safe executions=3
 * check-all: safe executions=3
 */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
atomic_int x, y;
int r1, r2;
void *a(void *p) { atomic_store(&x, 1); r1 = atomic_load(&y); return 0; }
void *b(void *p) { atomic_store(&y, 1); r2 = atomic_load(&x); return 0; }
int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, 0, a, 0);
    pthread_create(&t2, 0, b, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    assert(r1 == 1 || r2 == 1);
    return 0;
}

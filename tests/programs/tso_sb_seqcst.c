/* ravel-test
 * SB with seq_cst atomic stores and loads: on x86 a seq_cst store is a locked exchange, so
 * no store is buffered and TSO behaves as SC: 3 classes under both, never r1 = r2 = 0.
 * run: ok
 * check: safe executions=3
 * check-all: safe executions=3
 * check-tso: safe executions=3
 * check-tso-sync: safe executions=3
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
atomic_int x, y;
int r1, r2;
static void *a(void *p) { atomic_store(&x, 1); r1 = atomic_load(&y); return 0; }
static void *b(void *p) { atomic_store(&y, 1); r2 = atomic_load(&x); return 0; }
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, a, 0);
    pthread_create(&t[1], 0, b, 0);
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    assert(r1 == 1 || r2 == 1);
    return 0;
}

/* ravel-test
 * main creates a, a stores then creates b, b stores; main loads concurrently: 3
 * run: ok
 * check: safe executions=3
 * check-all: safe executions=3
 */
/* Derivation. a: S1 (x = 1), then creates b, then joins it; b: S2 (x = 2). Creation orders
 * S1 before S2 (create is a happens-before edge, also inside a thread). Main: creates a,
 * L (load x), joins a. L conflicts with both stores and is unordered with them: it comes
 * before S1, between S1 and S2, or after S2: 3 classes (L reads 0, 1, 2). */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
atomic_long x;
void *b(void *p) { atomic_store(&x, 2); return 0; }
void *a(void *p) {
    pthread_t t;
    atomic_store(&x, 1);
    pthread_create(&t, 0, b, 0);
    pthread_join(t, 0);
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, a, 0);
    long v = atomic_load(&x);
    pthread_join(t, 0);
    assert(v >= 0 && v <= 2 && atomic_load(&x) == 2);
    return 0;
}

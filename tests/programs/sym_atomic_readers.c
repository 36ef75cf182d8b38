/* ravel-test
 * The example with atomics (same in both granularities): the store of x is
 * independent; 2x2 classes for the readers around the store of the symbolic y.
 * Paths: both before 1, one after 2 (twice), both after 2 (correlated tests): 1+2+2+2 = 7.
 * check: safe executions=7
 * unfold: atomic loads of one location conflict with each other, so 10 configurations (optimal 7)
 * check-unfold: safe executions=10
 * check-all: safe executions=7
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
extern int __VERIFIER_nondet_int(void);
atomic_int x, y;
int h1, h2;
void *wx(void *p) { atomic_store(&x, 1); return 0; }
void *wy(void *p) { atomic_store(&y, __VERIFIER_nondet_int()); return 0; }
void *r1(void *p) { int v = atomic_load(&y); if (v == 7) h1 = 1; else h1 = 2; return 0; }
void *r2(void *p) { int v = atomic_load(&y); if (v == 7) h2 = 1; else h2 = 2; return 0; }
int main(void) {
    pthread_t t[4];
    pthread_create(&t[0], 0, wx, 0);
    pthread_create(&t[1], 0, wy, 0);
    pthread_create(&t[2], 0, r1, 0);
    pthread_create(&t[3], 0, r2, 0);
    for (int i = 0; i < 4; i++) pthread_join(t[i], 0);
    return 0;
}

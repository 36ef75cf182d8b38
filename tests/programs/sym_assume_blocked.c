/* ravel-test
 * An assumption on a value read from another thread: read before the store sees 0 and
 * assume(0 > 5) blocks that execution; read after sees the symbolic v, assume adds v > 5,
 * then r < 3 (an assertion failure) is infeasible and r > 10 splits: 0 + 2 = 2. A failing
 * assumption ends the execution, so it is a scheduling point that conflicts with every
 * other step: after the read of 0 it comes before the store, between the store and main's
 * join of the writer, or after that join: three blocked executions.
 * check: safe executions=2 blocked=3
 * unfold: a failing assumption is one blocked configuration whatever the other thread did
 * check-unfold: safe executions=2 blocked=1
 * check-all: safe executions=2 blocked=3
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
atomic_int x;
int big;
void *w(void *p) { int v = __VERIFIER_nondet_int(); atomic_store(&x, v); return 0; }
void *r(void *p) {
    int v = atomic_load(&x);
    __VERIFIER_assume(v > 5);
    if (v < 3) assert(0);
    if (v > 10) big = 1;
    else big = 2;
    return 0;
}
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, w, 0);
    pthread_create(&t[1], 0, r, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return 0;
}

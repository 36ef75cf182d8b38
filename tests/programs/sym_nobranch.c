/* ravel-test
 * Symbolic values are stored, loaded, compared into a value and computed with, but never
 * branched on: executions = schedule classes alone. Two atomic stores and one load of x,
 * pairwise dependent: 3! = 6.
 * check: safe executions=6
 * check-unfold: safe executions=6
 * check-all: safe executions=6
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
extern int __VERIFIER_nondet_int(void);
atomic_int x;
int out, last;
void *w(void *p) { atomic_store(&x, __VERIFIER_nondet_int()); return 0; }
void *r(void *p) {
    int v = atomic_load(&x);
    int gt = v > 5;
    out = v * 3 + gt;
    return 0;
}
int main(void) {
    pthread_t t[3];
    pthread_create(&t[0], 0, w, 0);
    pthread_create(&t[1], 0, w, 0);
    pthread_create(&t[2], 0, r, 0);
    for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
    last = atomic_load(&x) - 1;
    return 0;
}

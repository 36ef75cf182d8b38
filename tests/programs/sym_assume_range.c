/* ravel-test
 * __VERIFIER_assume narrows the input to 0..9 (two assumes, no split). T1: v < 20 is always
 * true (its else side, an assertion failure, is infeasible), v < 3 splits. T2: v > 5 splits
 * only where v >= 3 (v < 3 && v > 5 is infeasible). Paths {v<3}, {3<=v<=5}, {v>5} = 3;
 * the threads only read g: 1 class. 1 x 3 = 3.
 * check: safe executions=3
 * check-unfold: safe executions=3
 * check-all: safe executions=3
 */
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int g, a, a2, b;
void *f1(void *p) {
    int v = g;
    if (v < 20) a = 1;
    else assert(0);
    if (v < 3) a2 = 1;
    else a2 = 0;
    return 0;
}
void *f2(void *p) {
    int v = g;
    if (v > 5) b = 1;
    else b = 0;
    return 0;
}
int main(void) {
    int v = __VERIFIER_nondet_int();
    __VERIFIER_assume(v >= 0);
    __VERIFIER_assume(v < 10);
    g = v;
    pthread_t t[2];
    pthread_create(&t[0], 0, f1, 0);
    pthread_create(&t[1], 0, f2, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    assert(a == 1);
    assert(!(a2 == 1 && b == 1));
    assert(g != 10);
    return 0;
}

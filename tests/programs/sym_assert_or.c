/* ravel-test
 * A disjunctive assertion is a chain of branches: with v1, v2 assumed in 1..2 the total is
 * 2, 3 or 4; total == 2 splits, on its false side total == 3 splits, then total == 4 is forced:
 * 3 paths. The totals go through one mutex: 2 lock orders. 3 x 2 = 6.
 * check: safe executions=6
 * unfold: decisions on inputs all touch the shared path constraint, so they are ordered: 18 configurations (optimal 6)
 * check-unfold: safe executions=18
 * check-all: safe executions=6
 */
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int total;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *p) {
    int v = __VERIFIER_nondet_int();
    __VERIFIER_assume(v >= 1);
    __VERIFIER_assume(v <= 2);
    pthread_mutex_lock(&m);
    total += v;
    pthread_mutex_unlock(&m);
    return 0;
}
int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, w, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    int s = total;
    assert(s == 2 || s == 3 || s == 4);
    return 0;
}

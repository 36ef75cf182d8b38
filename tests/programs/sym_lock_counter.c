/* ravel-test
 * A lock-protected counter incremented by symbolic amounts in 0..5 (assumed): 2 lock orders.
 * Main: c >= 0 and c <= 10 always hold (no split); c > 5 splits (c = v1 + v2 in 0..10).
 * 2 classes x 2 paths = 4.
 * check: safe executions=4
 * check-unfold: safe executions=4
 * check-all: safe executions=4
 */
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int c, big;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *p) {
    int v = __VERIFIER_nondet_int();
    __VERIFIER_assume(v >= 0);
    __VERIFIER_assume(v <= 5);
    pthread_mutex_lock(&m);
    c = c + v;
    pthread_mutex_unlock(&m);
    return 0;
}
int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, w, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    int s = c;
    assert(s >= 0);
    assert(s <= 10);
    if (s > 5) big = 1;
    else big = 0;
    return 0;
}

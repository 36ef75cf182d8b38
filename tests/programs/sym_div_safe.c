/* ravel-test
 * Division by a symbolic divisor assumed positive: no division-by-zero split (and 100 / d
 * cannot overflow). q = 100 / d >= 50 iff d <= 2: 2 paths per thread, 2 threads with their
 * own inputs: 4 paths; the sums go through one mutex: 2 lock orders. 4 x 2 = 8.
 * Main's checks always hold (0 <= q <= 100).
 * check: safe executions=8
 * unfold: decisions on inputs all touch the shared path constraint, so they are ordered: 24 configurations (optimal 8)
 * check-unfold: safe executions=24
 * check-all: safe executions=8
 */
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int sum, big0, big1;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *p) {
    int *big = p;
    int d = __VERIFIER_nondet_int();
    __VERIFIER_assume(d > 0);
    int q = 100 / d;
    if (q >= 50) *big = 1;
    else *big = 0;
    pthread_mutex_lock(&m);
    sum += q;
    pthread_mutex_unlock(&m);
    return 0;
}
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, w, &big0);
    pthread_create(&t[1], 0, w, &big1);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    int s = sum;
    assert(s >= 0);
    assert(s <= 200);
    return 0;
}

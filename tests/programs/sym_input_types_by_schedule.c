/* ravel-test
 * the first input made is an int in one schedule and a char in another: inputs at the same
 * position with different types must not clash (this once crashed the solver's pool)
 * check: safe executions=4
 * unfold: making an input touches the shared path constraint, so the two orders count: 8
 * check-unfold: safe executions=8
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
extern int __VERIFIER_nondet_int(void);
extern char __VERIFIER_nondet_char(void);
atomic_int go, hit1, hit2;
void *a(void *p) {
    atomic_load(&go);
    int x = __VERIFIER_nondet_int();
    if (x == 5) atomic_store(&hit1, 1);
    return 0;
}
void *b(void *p) {
    atomic_load(&go);
    char c = __VERIFIER_nondet_char();
    if (c == 3) atomic_store(&hit2, 1);
    return 0;
}
int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, 0, a, 0);
    pthread_create(&t2, 0, b, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    assert(hit1 + hit2 <= 2);
    return 0;
}

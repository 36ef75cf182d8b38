/* ravel-test
 * an int input only compared with zero: 0 and 1 cover every value, so "safe" is reachable
 * check: safe executions=2
 * check-unfold: safe executions=2
 */
#include <assert.h>
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);
int x;

void *w(void *p) {
    if (__VERIFIER_nondet_int())
        x = 1;
    else
        x = 2;
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, w, 0);
    pthread_join(t, 0);
    assert(x == 1 || x == 2);
    return 0;
}

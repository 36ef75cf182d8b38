/* ravel-test
 * both values of a nondeterministic bool explored: 2 executions
 * check: safe executions=2
 * check-unfold: safe executions=2
 */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
extern _Bool __VERIFIER_nondet_bool(void);
int x;
void *w(void *p) { x = __VERIFIER_nondet_bool() ? 1 : 2; return 0; }
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, w, 0);
    pthread_join(t, 0);
    assert(x == 1 || x == 2);
    return 0;
}

/* ravel-test
 * a nondeterministic bool is enumerated: both branches, one fails
 * check: unsafe reach-error
 */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
extern _Bool __VERIFIER_nondet_bool(void);
extern void reach_error(void);
int x;
void *w(void *p) { if (__VERIFIER_nondet_bool()) { pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER; (void)m; reach_error(); } return 0; }
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, w, 0);
    pthread_join(t, 0);
    return 0;
}

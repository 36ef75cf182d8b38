/* ravel-test
 * A symbolic branch decides whether a shared access happens at all: v > 0 stores x (2
 * classes against the load), v <= 0 does not (1 class). 2 + 1 = 3.
 * check: safe executions=3
 * check-unfold: safe executions=3
 * check-all: safe executions=3
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
extern int __VERIFIER_nondet_int(void);
atomic_int x;
int seen;
void *w(void *p) {
    int v = __VERIFIER_nondet_int();
    if (v > 0) atomic_store(&x, 1);
    return 0;
}
void *r(void *p) { seen = atomic_load(&x); return 0; }
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, w, 0);
    pthread_create(&t[1], 0, r, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    assert(seen == 0 || seen == 1);
    return 0;
}

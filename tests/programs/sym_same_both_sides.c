/* ravel-test
 * An if on a symbolic value whose two sides do the same thing (load f) is still two paths.
 * Each path has 2 classes (the load before or after the store of f): 2 x 2 = 4.
 * check: safe executions=4
 * check-unfold: safe executions=4
 * check-all: safe executions=4
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
extern int __VERIFIER_nondet_int(void);
atomic_int f;
int res;
void *w(void *p) { atomic_store(&f, 1); return 0; }
void *r(void *p) {
    int s = __VERIFIER_nondet_int();
    int v;
    if (s > 100) v = atomic_load(&f);
    else v = atomic_load(&f);
    res = v;
    return 0;
}
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, w, 0);
    pthread_create(&t[1], 0, r, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    assert(res == 0 || res == 1);
    return 0;
}

/* ravel-test
 * Two reads of x differ by exactly 7 only if the store of the symbolic value falls between
 * them (before both or after both they are equal) and the value is 7.
 * check: unsafe assertion-failure
 * check-all: unsafe assertion-failure
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
extern int __VERIFIER_nondet_int(void);
atomic_int x;
void *w(void *p) { atomic_store(&x, __VERIFIER_nondet_int()); return 0; }
void *r(void *p) {
    int r1 = atomic_load(&x);
    int r2 = atomic_load(&x);
    if (r2 - r1 == 7)
        assert(0);
    return 0;
}
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, w, 0);
    pthread_create(&t[1], 0, r, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return 0;
}

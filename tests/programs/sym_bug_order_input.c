/* ravel-test
 * The bug needs an input (x == 12345) and a schedule (the flag read before it is set):
 * neither a value enumeration over 0..N nor one schedule alone finds it.
 * check: unsafe assertion-failure
 * check-all: unsafe assertion-failure
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
extern int __VERIFIER_nondet_int(void);
atomic_int flag;
void *w(void *p) { atomic_store(&flag, 1); return 0; }
void *r(void *p) {
    int x = __VERIFIER_nondet_int();
    int seen = atomic_load(&flag);
    if (x == 12345 && seen == 0)
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

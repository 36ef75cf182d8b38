/* ravel-test
 * SB where thread a stores a nondeterministic nonzero input: under TSO the buffered store
 * carries the input's expression, which becomes memory's when the store is made visible,
 * so b reads either 0 (before) or the input (after), and r1 = r2 = 0 is still reachable.
 * Under SC it is not.
 * check-all: safe
 * check-tso: unsafe assertion-failure
 * check-flags: --no-races
 */
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int x, y, r1, r2;
static void *a(void *p) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n != 0);
    x = n;
    r1 = y;
    return 0;
}
static void *b(void *p) { y = 1; r2 = x; return 0; }
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, a, 0);
    pthread_create(&t[1], 0, b, 0);
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    assert(!(r1 == 0 && r2 == 0));
    return 0;
}

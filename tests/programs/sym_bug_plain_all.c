/* ravel-test
 * SV-COMP style plain accesses: T1 writes a symbolic x, then y. T2 fails if it sees the new
 * x but the old y, and x == 42: needs the interleaving x-write, both reads, y-write (every
 * access a scheduling point) and the input 42.
 * check-all: unsafe assertion-failure
 * check-flags: --no-races
 */
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int x, y;
void *w(void *p) { x = __VERIFIER_nondet_int(); y = 1; return 0; }
void *r(void *p) {
    int a = x;
    int b = y;
    if (a == 42 && b == 0)
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

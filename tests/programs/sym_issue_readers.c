/* ravel-test
 * The example: T1 writes x, T2 writes a symbolic value to y, two readers test y == 7.
 * x is touched by T1 only, so the classes are the 2x2 positions of the readers around the
 * write of y. Paths: both read before (y = 0, concrete) 1; only R1 after 2; only R2 after 2;
 * both after 2 (R2's test is decided by R1's, same value): 1+2+2+2 = 7.
 * check-all: safe executions=7
 * check-flags: --no-races
 */
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int x, y, h1, h2;
void *wx(void *p) { x = 1; return 0; }
void *wy(void *p) { y = __VERIFIER_nondet_int(); return 0; }
void *r1(void *p) { if (y == 7) h1 = 1; return 0; }
void *r2(void *p) { if (y == 7) h2 = 1; return 0; }
int main(void) {
    pthread_t t[4];
    pthread_create(&t[0], 0, wx, 0);
    pthread_create(&t[1], 0, wy, 0);
    pthread_create(&t[2], 0, r1, 0);
    pthread_create(&t[3], 0, r2, 0);
    for (int i = 0; i < 4; i++) pthread_join(t[i], 0);
    return 0;
}

/* ravel-test
 * The example where a reader that finds y == 7 also reads x: the x orderings exist
 * only on that path. Classes of y (each reader before/after the write of y) x paths:
 * both before: 1; only R1 after: y==7 (R1 reads x: before/after x=1) 2 + y!=7 1 = 3;
 * only R2 after: 3; both after: y==7 (two x reads, 2x2) 4 + y!=7 1 = 5. 1+3+3+5 = 12.
 * check-all: safe executions=12
 * check-flags: --no-races
 */
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int x, y, h1, h2;
void *wx(void *p) { x = 1; return 0; }
void *wy(void *p) { y = __VERIFIER_nondet_int(); return 0; }
void *r1(void *p) { if (y == 7) h1 = x; return 0; }
void *r2(void *p) { if (y == 7) h2 = x; return 0; }
int main(void) {
    pthread_t t[4];
    pthread_create(&t[0], 0, wx, 0);
    pthread_create(&t[1], 0, wy, 0);
    pthread_create(&t[2], 0, r1, 0);
    pthread_create(&t[3], 0, r2, 0);
    for (int i = 0; i < 4; i++) pthread_join(t[i], 0);
    return 0;
}

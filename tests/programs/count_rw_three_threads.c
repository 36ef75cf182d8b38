/* ravel-test
 * plain accesses on one variable, three threads (two writers, a reader reading twice): 12
 * run: ok
 * run-flags: --no-races (a litmus test: its races are the point; run checks the output)
 * check-all: safe executions=12
 * check-flags: --no-races
 */
/* Derivation. W1 (x = 1), W2 (x = 2), and thread c reads twice: Ra then Rb.
 * The writes conflict: 2 orders. They cut the run into 3 slots (before both, between,
 * after both); each read conflicts with both writes, so a class is fixed by the write order
 * and the slots of Ra <= Rb: multisets of 2 out of 3 slots = C(4,2) = 6.
 * 2 * 6 = 12. */
#include <pthread.h>
long x;
void *w1(void *p) { x = 1; return 0; }
void *w2(void *p) { x = 2; return 0; }
void *rd(void *p) { long a = x; long b = x; (void)a; (void)b; return 0; }
int main(void) {
    pthread_t t[3];
    pthread_create(&t[0], 0, w1, 0);
    pthread_create(&t[1], 0, w2, 0);
    pthread_create(&t[2], 0, rd, 0);
    for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
    return 0;
}

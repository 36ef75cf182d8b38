/* ravel-test
 * plain write/read on one variable, two threads, two accesses each: 5 classes
 * run: ok
 * run-flags: --no-races (a litmus test: its races are the point; run checks the output)
 * check-all: safe executions=5
 * check-flags: --no-races
 */
/* Derivation. Thread a: W1 (x = 1) then R1 (read x); thread b: R2 (read x) then W2 (x = 2).
 * The C(4,2) = 6 interleavings of the two sequences, by the order of the conflicting pairs
 * W1/R2, W1/W2, R1/W2 (R1/R2 are two reads and commute):
 *   W1 R1 R2 W2 and W1 R2 R1 W2 differ only in R1/R2: one class
 *   W1 R2 W2 R1, R2 W1 R1 W2, R2 W1 W2 R1, R2 W2 W1 R1: one class each
 * 6 - 1 = 5. Main only creates and joins (ordered by create/join). */
#include <pthread.h>
long x;
void *a(void *p) { x = 1; long r = x; (void)r; return 0; }
void *b(void *p) { long r = x; (void)r; x = 2; return 0; }
int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, 0, a, 0);
    pthread_create(&t2, 0, b, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return 0;
}

/* ravel-test
 * store buffering with three threads in a ring, plain accesses: 2^3 - 1 = 7 SC classes
 * run: ok
 * run-flags: --no-races (a litmus test: its races are the point; run checks the output)
 * check-all: safe executions=7
 * check-flags: --no-races
 */
/* Derivation. Thread i: Wi (x[i] = 1), then Ri (read x[i+1 mod 3]). The only conflicting
 * pairs across threads are Ri with W(i+1); each read is before (reads 0) or after (reads 1)
 * that write: 2^3 = 8 combinations. All three before is cyclic: W0 < R0 < W1 < R1 < W2 <
 * R2 < W0, not sequentially consistent; every other combination has an order (some read
 * after its write breaks the cycle): 7. The three variables are separate 8-byte words. */
#include <pthread.h>
long x[3];
void *f(void *p) {
    long i = (long)p;
    x[i] = 1;
    long r = x[(i + 1) % 3];
    (void)r;
    return 0;
}
int main(void) {
    pthread_t t[3];
    for (long i = 0; i < 3; i++) pthread_create(&t[i], 0, f, (void *)i);
    for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
    return 0;
}

/* ravel-test
 * SB where a stores with an atomic exchange (a locked instruction: not buffered) and b
 * with a plain store. SC: 3 classes as in SB. TSO: a's exchange and b's load of x go
 * either way, and so do b's flush of y and a's load of y; b's flush is ordered after b's
 * store entered the buffer but not after b's load, so no order is cyclic: 4 classes.
 * run: ok
 * run-flags: --no-races (a litmus test: its races are the point; run checks the output)
 * check-all: safe executions=3
 * check-tso: safe executions=4
 * check-flags: --no-races
 */
#include <pthread.h>
#include <stdatomic.h>
atomic_int x;
int y, r1, r2;
static void *a(void *p) { atomic_exchange(&x, 1); r1 = y; return 0; }
static void *b(void *p) { y = 1; r2 = atomic_load_explicit(&x, memory_order_relaxed); return 0; }
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, a, 0);
    pthread_create(&t[1], 0, b, 0);
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    return 0;
}

/* ravel-test
 * SB without the assertion, to count. SC: the pairs (a's store of x, b's load of x) and
 * (b's store of y, a's load of y) each go either way, and the order where both loads come
 * first is cyclic: 3 classes. TSO: a store enters its buffer in its thread's step and
 * becomes visible in a step of the buffer; the two flushes race with the other thread's
 * load and nothing orders a load after its own thread's flush: all 4 orders, 4 classes.
 * The results r1, r2 are stored too, but only main reads them, after the joins (a thread's
 * end waits for its buffer to empty).
 * run: ok
 * run-flags: --no-races (a litmus test: its races are the point; run checks the output)
 * check-all: safe executions=3
 * check-tso: safe executions=4
 * check-flags: --no-races
 */
#include <pthread.h>
int x, y, r1, r2;
static void *a(void *p) { x = 1; r1 = y; return 0; }
static void *b(void *p) { y = 1; r2 = x; return 0; }
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, a, 0);
    pthread_create(&t[1], 0, b, 0);
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    return r1 + r2 == 0 ? 3 : 0;
}

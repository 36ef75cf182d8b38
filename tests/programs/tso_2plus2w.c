/* ravel-test
 * 2+2W with plain stores: a writes x then y, b writes y then x. Store order is kept under
 * TSO (one FIFO per thread), so the final x == 1 && y == 1 (each thread's first store
 * last in coherence) is forbidden as under SC. Classes, both models: two coherence orders
 * per variable, minus the cyclic one: 3.
 * run: ok
 * run-flags: --no-races (a litmus test: its races are the point; run checks the output)
 * check-all: safe executions=3
 * check-tso: safe executions=3
 * check-flags: --no-races
 */
#include <assert.h>
#include <pthread.h>
int x, y;
static void *a(void *p) { x = 1; y = 2; return 0; }
static void *b(void *p) { y = 1; x = 2; return 0; }
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, a, 0);
    pthread_create(&t[1], 0, b, 0);
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    assert(!(x == 1 && y == 1));
    return 0;
}

/* ravel-test
 * Load buffering (LB): each thread loads, then stores the other's variable. Neither SC
 * nor TSO lets a store overtake an earlier load, so r1 = r2 = 1 is impossible. Classes:
 * (a's load of x, b's store of x) and (b's load of y, a's store of y) each go either way,
 * minus the cycle where both loads see the other's later store: 3 under both models (under
 * TSO a store enters the buffer after its thread's load, so its flush is ordered after it).
 * run: ok
 * run-flags: --no-races (a litmus test: its races are the point; run checks the output)
 * check-all: safe executions=3
 * check-tso: safe executions=3
 * check-flags: --no-races
 */
#include <assert.h>
#include <pthread.h>
int x, y, r1, r2;
static void *a(void *p) { r1 = x; y = 1; return 0; }
static void *b(void *p) { r2 = y; x = 1; return 0; }
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, a, 0);
    pthread_create(&t[1], 0, b, 0);
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    assert(!(r1 == 1 && r2 == 1));
    return 0;
}

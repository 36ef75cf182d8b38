/* ravel-test
 * Independent reads of independent writes (IRIW) with plain stores and loads: TSO is
 * multi-copy atomic (a store becomes visible to all other threads at once), so the two
 * readers never see the writes in opposite orders. The 16 combinations of the four
 * (write, read) pairs minus the one forbidden outcome: 15 classes under both models (each
 * writer's flush takes the place of its store; the readers' results are read by main only
 * after the joins).
 * run: ok
 * run-flags: --no-races (a litmus test: its races are the point; run checks the output)
 * check-all: safe executions=15
 * check-tso: safe executions=15
 * check-flags: --no-races
 */
#include <assert.h>
#include <pthread.h>
int x, y, a, b, c, d;
static void *wx(void *p) { x = 1; return 0; }
static void *wy(void *p) { y = 1; return 0; }
static void *r1(void *p) { a = x; b = y; return 0; }
static void *r2(void *p) { c = y; d = x; return 0; }
int main(void) {
    pthread_t t[4];
    pthread_create(&t[0], 0, wx, 0);
    pthread_create(&t[1], 0, wy, 0);
    pthread_create(&t[2], 0, r1, 0);
    pthread_create(&t[3], 0, r2, 0);
    for (int i = 0; i < 4; i++) pthread_join(t[i], 0);
    assert(!(a == 1 && b == 0 && c == 1 && d == 0));
    return 0;
}

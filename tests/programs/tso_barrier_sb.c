/* ravel-test
 * SB with a barrier between each thread's store and load: waiting at a barrier is a fence
 * (the store is visible before the thread arrives) and both loads come after both
 * arrivals, so both see 1. Every flush is ordered before the barrier and every load of the
 * other's variable after it; the arrivals commute (nobody reads pthread_barrier_wait's
 * result, so their order decides nothing): 1 class under both models (2 before session 16,
 * when arrivals conflicted).
 * run: ok
 * check-all: safe executions=1
 * check-tso: safe executions=1
 * check-flags: --no-races
 */
#include <assert.h>
#include <pthread.h>
int x, y, r1, r2;
pthread_barrier_t bar;
static void *a(void *p) { x = 1; pthread_barrier_wait(&bar); r1 = y; return 0; }
static void *b(void *p) { y = 1; pthread_barrier_wait(&bar); r2 = x; return 0; }
int main(void) {
    pthread_t t[2];
    pthread_barrier_init(&bar, 0, 2);
    pthread_create(&t[0], 0, a, 0);
    pthread_create(&t[1], 0, b, 0);
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    assert(r1 == 1 && r2 == 1);
    return 0;
}

/* ravel-test
 * SB with a fence in one thread only: b's store can still wait in its buffer while b
 * loads x before a's fenced store is visible, and a then loads y = 0. Not enough under
 * TSO; SC needs no fence.
 * run: ok
 * run-flags: --no-races (a litmus test: its races are the point; run checks the output)
 * check-all: safe executions=3
 * check-tso: unsafe assertion-failure
 * check-flags: --no-races
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
int x, y, r1, r2;
static void *a(void *p) { x = 1; atomic_thread_fence(memory_order_seq_cst); r1 = y; return 0; }
static void *b(void *p) { y = 1; r2 = x; return 0; }
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, a, 0);
    pthread_create(&t[1], 0, b, 0);
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    assert(r1 == 1 || r2 == 1);
    return 0;
}

/* ravel-test
 * SB with a seq_cst fence (mfence on x86) between each store and load: the fence waits
 * until the thread's buffer is empty, so under TSO each load comes after its own thread's
 * store is visible and the cyclic order is impossible again: 3 classes under both models
 * (the fence step reads the last flushed store, which orders it after the flush).
 * run: ok
 * run-flags: --no-races (a litmus test: its races are the point; run checks the output)
 * check-all: safe executions=3
 * check-tso: safe executions=3
 * check-flags: --no-races
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
int x, y, r1, r2;
static void *a(void *p) { x = 1; atomic_thread_fence(memory_order_seq_cst); r1 = y; return 0; }
static void *b(void *p) { y = 1; atomic_thread_fence(memory_order_seq_cst); r2 = x; return 0; }
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, a, 0);
    pthread_create(&t[1], 0, b, 0);
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    assert(r1 == 1 || r2 == 1);
    return 0;
}

/* ravel-test
 * Peterson's lock, once around, with a seq_cst fence after the entry stores (as x86 needs):
 * safe under both models. Without the fence (tso_peterson.c) TSO breaks it. The busy wait
 * is an assumption (an execution where it does not hold is blocked), which keeps the
 * exploration finite.
 * check-all: safe
 * check-tso: safe
 * check-flags: --no-races
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
extern void __VERIFIER_assume(int);
#ifndef FENCE
#define FENCE atomic_thread_fence(memory_order_seq_cst)
#endif
int flag[2], turn, inside;
static void *worker(void *arg) {
    int me = (int)(long)arg, other = 1 - me;
    flag[me] = 1;
    turn = other;
    FENCE;
    __VERIFIER_assume(!(flag[other] == 1 && turn == other));
    inside++;
    assert(inside == 1);
    inside--;
    flag[me] = 0;
    return 0;
}
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, worker, (void *)0L);
    pthread_create(&t[1], 0, worker, (void *)1L);
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    return 0;
}

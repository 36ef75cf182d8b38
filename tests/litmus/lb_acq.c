/* ravel-litmus
 * LB with acquire loads and relaxed stores: IMM keeps an acquire load before everything
 * po-after it (bob) [Podkopaev et al., IMM, POPL 2019]; forbidden everywhere. Four
 * graphs; the one where both loads read the other thread's store is a po+rf cycle.
 * sc: safe executions=3
 * tso: safe executions=3
 * rc11: safe executions=3
 * imm: safe executions=3
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x, y;
int r1, r2;

void *t1(void *arg) {
    r1 = atomic_load_explicit(&y, memory_order_acquire);
    atomic_store_explicit(&x, 1, memory_order_relaxed);
    return 0;
}

void *t2(void *arg) {
    r2 = atomic_load_explicit(&x, memory_order_acquire);
    atomic_store_explicit(&y, 1, memory_order_relaxed);
    return 0;
}

int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, t1, 0);
    pthread_create(&t[1], 0, t2, 0);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], 0);
#ifndef COUNT
    assert(!(r1 == 1 && r2 == 1)); /* the weak outcome */
#endif
    return 0;
}

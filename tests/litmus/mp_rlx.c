/* ravel-litmus
 * MP (message passing) with relaxed accesses: the flag y can be seen before the data x.
 * Allowed by RC11 and IMM (no synchronisation, no ppo between the loads [Podkopaev et
 * al., IMM, POPL 2019]); forbidden by SC and TSO (stores and loads stay in order [Sewell
 * et al., x86-TSO, CACM 2010]). Four graphs (each read: init or the store).
 * sc: safe executions=3
 * tso: safe executions=3
 * rc11: unsafe executions=4
 * imm: unsafe executions=4
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x, y;
int r1, r2;

void *t1(void *arg) {
    atomic_store_explicit(&x, 1, memory_order_relaxed);
    atomic_store_explicit(&y, 1, memory_order_relaxed);
    return 0;
}

void *t2(void *arg) {
    r1 = atomic_load_explicit(&y, memory_order_relaxed);
    r2 = atomic_load_explicit(&x, memory_order_relaxed);
    return 0;
}

int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, t1, 0);
    pthread_create(&t[1], 0, t2, 0);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], 0);
#ifndef COUNT
    assert(!(r1 == 1 && r2 == 0)); /* the weak outcome */
#endif
    return 0;
}

/* ravel-litmus
 * SB with seq_cst stores and relaxed loads. RC11: psc only relates seq_cst events and
 * the fr edges leave relaxed reads, so allowed [Lahav et al., RC11, PLDI 2017]. x86: the
 * seq_cst store is an xchg (full fence), so forbidden under TSO. Four graphs: each read
 * takes the initial value or the other thread's store.
 * tso is hand-derived from the x86 mapping (a seq_cst store is an xchg). GenMC 0.11
 * --tso orders a seq_cst store only before later seq_cst loads (the "mfence before
 * seq_cst loads" mapping) and reports unsafe executions=4.
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
    atomic_store_explicit(&x, 1, memory_order_seq_cst);
    r1 = atomic_load_explicit(&y, memory_order_relaxed);
    return 0;
}

void *t2(void *arg) {
    atomic_store_explicit(&y, 1, memory_order_seq_cst);
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
    assert(!(r1 == 0 && r2 == 0)); /* the weak outcome */
#endif
    return 0;
}

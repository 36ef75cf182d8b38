/* ravel-litmus
 * SB with acq_rel fences in both threads: acq_rel fences order nothing store->load (no-
 * ops on x86); the weak outcome stays allowed except under SC. Four graphs: each read
 * takes the initial value or the other thread's store.
 * tso is hand-derived from the x86 mapping (acquire/release/acq_rel fences emit no
 * instruction; only seq_cst fences are mfence). GenMC 0.11 --tso treats every fence as a
 * full fence and reports safe executions=3.
 * sc: safe executions=3
 * tso: unsafe executions=4
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
    atomic_thread_fence(memory_order_acq_rel);
    r1 = atomic_load_explicit(&y, memory_order_relaxed);
    return 0;
}

void *t2(void *arg) {
    atomic_store_explicit(&y, 1, memory_order_relaxed);
    atomic_thread_fence(memory_order_acq_rel);
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

/* ravel-litmus
 * SB with relaxed accesses and a seq_cst fence between store and load in both threads
 * (SB+fences [Alglave et al., Herding cats, TOPLAS 2014]): RC11's psc_F orders the
 * fences [Lahav et al., RC11, PLDI 2017], mfence on x86; forbidden everywhere. Four
 * graphs: each read takes the initial value or the other thread's store.
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
    atomic_store_explicit(&x, 1, memory_order_relaxed);
    atomic_thread_fence(memory_order_seq_cst);
    r1 = atomic_load_explicit(&y, memory_order_relaxed);
    return 0;
}

void *t2(void *arg) {
    atomic_store_explicit(&y, 1, memory_order_relaxed);
    atomic_thread_fence(memory_order_seq_cst);
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

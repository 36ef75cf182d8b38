/* ravel-litmus
 * IRIW (independent reads of independent writes) with relaxed accesses: the two readers
 * see the stores in opposite orders. TSO is multi-copy atomic and keeps loads in order
 * [Sewell et al., x86-TSO, CACM 2010]; RC11/IMM allow it. 16 graphs (each of the 4
 * reads: init or the store); SC and TSO exclude only the one where the readers disagree
 * on the order of the two stores.
 * sc: safe executions=15
 * tso: safe executions=15
 * rc11: unsafe executions=16
 * imm: unsafe executions=16
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x, y;
int r1, r2, r3, r4;

void *t1(void *arg) {
    atomic_store_explicit(&x, 1, memory_order_relaxed);
    return 0;
}

void *t2(void *arg) {
    atomic_store_explicit(&y, 1, memory_order_relaxed);
    return 0;
}

void *t3(void *arg) {
    r1 = atomic_load_explicit(&x, memory_order_relaxed);
    r2 = atomic_load_explicit(&y, memory_order_relaxed);
    return 0;
}

void *t4(void *arg) {
    r3 = atomic_load_explicit(&y, memory_order_relaxed);
    r4 = atomic_load_explicit(&x, memory_order_relaxed);
    return 0;
}

int main(void) {
    pthread_t t[4];
    pthread_create(&t[0], 0, t1, 0);
    pthread_create(&t[1], 0, t2, 0);
    pthread_create(&t[2], 0, t3, 0);
    pthread_create(&t[3], 0, t4, 0);
    for (int i = 0; i < 4; i++)
        pthread_join(t[i], 0);
#ifndef COUNT
    assert(!(r1 == 1 && r2 == 0 && r3 == 1 && r4 == 0)); /* the weak outcome */
#endif
    return 0;
}

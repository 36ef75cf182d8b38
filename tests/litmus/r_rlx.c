/* ravel-litmus
 * R with relaxed accesses: y=2 is co-after y=1 yet the second thread's load misses x=1.
 * TSO allows it (the y=2 store waits in the buffer past the load) [Alglave et al.,
 * Herding cats, TOPLAS 2014]; so do RC11/IMM. Four graphs (two coherence orders of y
 * times two values of r1).
 * sc: safe executions=3
 * tso: unsafe executions=4
 * rc11: unsafe executions=4
 * imm: unsafe executions=4
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x, y;
int r1;

void *t1(void *arg) {
    atomic_store_explicit(&x, 1, memory_order_relaxed);
    atomic_store_explicit(&y, 1, memory_order_relaxed);
    return 0;
}

void *t2(void *arg) {
    atomic_store_explicit(&y, 2, memory_order_relaxed);
    r1 = atomic_load_explicit(&x, memory_order_relaxed);
    return 0;
}

int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, t1, 0);
    pthread_create(&t[1], 0, t2, 0);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], 0);
#ifndef COUNT
    int final_y = atomic_load_explicit(&y, memory_order_relaxed);
    assert(!(final_y == 2 && r1 == 0)); /* the weak outcome */
#endif
    return 0;
}

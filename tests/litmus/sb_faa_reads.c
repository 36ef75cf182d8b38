/* ravel-litmus
 * SB whose loads are relaxed fetch_add(0) (RMW reads): under TSO the locked RMW waits
 * for the thread's own buffered store, so forbidden; RC11/IMM allow it (each RMW reads
 * init and is co-before the other thread's store). Four graphs: each RMW reads init or
 * the store (its co position follows from its rf).
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
    r1 = atomic_fetch_add_explicit(&y, 0, memory_order_relaxed);
    return 0;
}

void *t2(void *arg) {
    atomic_store_explicit(&y, 1, memory_order_relaxed);
    r2 = atomic_fetch_add_explicit(&x, 0, memory_order_relaxed);
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

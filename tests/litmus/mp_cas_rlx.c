/* ravel-litmus
 * MP with a relaxed flag store and a relaxed compare-exchange 1->2 as the flag read: no
 * synchronisation, so RC11/IMM allow a successful CAS and stale data; SC and TSO keep
 * the order (the locked CAS also fences under TSO). Four graphs.
 * sc: safe executions=3
 * tso: safe executions=3
 * rc11: unsafe executions=4
 * imm: unsafe executions=4
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x, y;
int ok, r2;

void *t1(void *arg) {
    atomic_store_explicit(&x, 1, memory_order_relaxed);
    atomic_store_explicit(&y, 1, memory_order_relaxed);
    return 0;
}

void *t2(void *arg) {
    int e = 1;
    ok = atomic_compare_exchange_strong_explicit(&y, &e, 2, memory_order_relaxed,
                                                 memory_order_relaxed);
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
    assert(!(ok == 1 && r2 == 0)); /* the weak outcome */
#endif
    return 0;
}

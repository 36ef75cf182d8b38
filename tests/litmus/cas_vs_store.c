/* ravel-litmus
 * A relaxed compare-exchange 0->1 against a plain atomic store x=2: a successful CAS is
 * co-immediately after init, so the store is co-after it. Two graphs: CAS reads init
 * (then x=2), or reads x=2 and fails.
 * sc: safe executions=2
 * tso: safe executions=2
 * rc11: safe executions=2
 * imm: safe executions=2
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x;
int ok;

void *t1(void *arg) {
    int e = 0;
    ok = atomic_compare_exchange_strong_explicit(&x, &e, 1, memory_order_relaxed,
                                                 memory_order_relaxed);
    return 0;
}

void *t2(void *arg) {
    atomic_store_explicit(&x, 2, memory_order_relaxed);
    return 0;
}

int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, t1, 0);
    pthread_create(&t[1], 0, t2, 0);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], 0);
#ifndef COUNT
    int final_x = atomic_load_explicit(&x, memory_order_relaxed);
    assert(!(ok && final_x == 1)); /* the weak outcome */
#endif
    return 0;
}

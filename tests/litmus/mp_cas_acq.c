/* ravel-litmus
 * MP whose reader takes the flag with an acquire compare-exchange 1->2: if it succeeds
 * it read the release store and synchronises. Graphs: CAS fails (reads init) x 2 data
 * values + CAS succeeds x 1 = 3 under every model.
 * sc: safe executions=3
 * tso: safe executions=3
 * rc11: safe executions=3
 * imm: safe executions=3
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x, y;
int ok, r2;

void *t1(void *arg) {
    atomic_store_explicit(&x, 1, memory_order_relaxed);
    atomic_store_explicit(&y, 1, memory_order_release);
    return 0;
}

void *t2(void *arg) {
    int e = 1;
    ok = atomic_compare_exchange_strong_explicit(&y, &e, 2, memory_order_acquire,
                                                 memory_order_acquire);
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

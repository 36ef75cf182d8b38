/* ravel-litmus
 * A plain (non-RMW) relaxed store by another thread is not in the release sequence:
 * reading it gives no synchronisation, so with y=3 co-after the release y=1, r1=3 and
 * stale x is allowed under RC11/IMM; SC and TSO forbid it. rc11/imm: 2 co orders x
 * (r1=0: 2 + r1=1: 1 + r1=3: 2) = 10; SC/TSO: 9 (with y1<y3, reading 3 forces x=1).
 * sc: safe executions=9
 * tso: safe executions=9
 * rc11: unsafe executions=10
 * imm: unsafe executions=10
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x, y;
int r1, r2;

void *t1(void *arg) {
    atomic_store_explicit(&x, 1, memory_order_relaxed);
    atomic_store_explicit(&y, 1, memory_order_release);
    return 0;
}

void *t2(void *arg) {
    atomic_store_explicit(&y, 3, memory_order_relaxed);
    return 0;
}

void *t3(void *arg) {
    r1 = atomic_load_explicit(&y, memory_order_acquire);
    r2 = atomic_load_explicit(&x, memory_order_relaxed);
    return 0;
}

int main(void) {
    pthread_t t[3];
    pthread_create(&t[0], 0, t1, 0);
    pthread_create(&t[1], 0, t2, 0);
    pthread_create(&t[2], 0, t3, 0);
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], 0);
#ifndef COUNT
    int final_y = atomic_load_explicit(&y, memory_order_relaxed);
    assert(!(r1 == 3 && r2 == 0 && final_y == 3)); /* the weak outcome */
#endif
    return 0;
}

/* ravel-litmus
 * 2+2W with release stores: RC11 has no hb between the threads (nothing is read), so the
 * cycle is allowed [Lahav et al., RC11, PLDI 2017]. Four graphs (two coherence orders
 * per location; main reads the co-last values after the joins).
 * sc: safe executions=3
 * tso: safe executions=3
 * rc11: unsafe executions=4
 * imm: unsafe executions=4
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x, y;

void *t1(void *arg) {
    atomic_store_explicit(&x, 1, memory_order_release);
    atomic_store_explicit(&y, 2, memory_order_release);
    return 0;
}

void *t2(void *arg) {
    atomic_store_explicit(&y, 1, memory_order_release);
    atomic_store_explicit(&x, 2, memory_order_release);
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
    int final_y = atomic_load_explicit(&y, memory_order_relaxed);
    assert(!(final_x == 1 && final_y == 1)); /* the weak outcome */
#endif
    return 0;
}

/* ravel-litmus
 * CoWR2: two threads each store to x then read x; they cannot each read the other's
 * store (that needs both coherence orders). Per co order the co-first writer reads own
 * or other, the co-last reads own: four graphs.
 * sc: safe executions=4
 * tso: safe executions=4
 * rc11: safe executions=4
 * imm: safe executions=4
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x;
int r1, r2;

void *t1(void *arg) {
    atomic_store_explicit(&x, 1, memory_order_relaxed);
    r1 = atomic_load_explicit(&x, memory_order_relaxed);
    return 0;
}

void *t2(void *arg) {
    atomic_store_explicit(&x, 2, memory_order_relaxed);
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
    assert(!(r1 == 2 && r2 == 1)); /* the weak outcome */
#endif
    return 0;
}

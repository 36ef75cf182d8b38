/* ravel-litmus
 * CoRW: a thread reads x then stores x=1; if it read the other store x=2, its own store
 * must be co-after it. Graphs: co x1<x2 with r1=0; co x2<x1 with r1=0 or 2: three.
 * sc: safe executions=3
 * tso: safe executions=3
 * rc11: safe executions=3
 * imm: safe executions=3
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x;
int r1;

void *t1(void *arg) {
    r1 = atomic_load_explicit(&x, memory_order_relaxed);
    atomic_store_explicit(&x, 1, memory_order_relaxed);
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
    assert(!(r1 == 2 && final_x == 2)); /* the weak outcome */
#endif
    return 0;
}

/* ravel-litmus
 * Release sequence through an RMW: y=1 (release) is followed in co by another thread's
 * relaxed fetch_add(2); an acquire read of the RMW's value 3 synchronises with the
 * release store (RC11 rs includes rf;rmw chains [Lahav et al., RC11, PLDI 2017]).
 * Graphs: RMW reads init (co init<rmw<y1): r1 in {0,2} x r2 2 values + r1=1 x 1 = 5; RMW
 * reads y1: r1=0 x 2 + r1=1 x 1 + r1=3 x 1 = 4; total 9.
 * sc: safe executions=9
 * tso: safe executions=9
 * rc11: safe executions=9
 * imm: safe executions=9
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
    atomic_fetch_add_explicit(&y, 2, memory_order_relaxed);
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
    assert(!(r1 == 3 && r2 == 0)); /* the weak outcome */
#endif
    return 0;
}

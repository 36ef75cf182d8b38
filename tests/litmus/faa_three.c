/* ravel-litmus
 * Three relaxed fetch_add(1): 3! = 6 graphs, one per co order; the final value is always
 * 3.
 * sc: safe executions=6
 * tso: safe executions=6
 * rc11: safe executions=6
 * imm: safe executions=6
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x;
int r1, r2, r3;

void *t1(void *arg) {
    r1 = atomic_fetch_add_explicit(&x, 1, memory_order_relaxed);
    return 0;
}

void *t2(void *arg) {
    r2 = atomic_fetch_add_explicit(&x, 1, memory_order_relaxed);
    return 0;
}

void *t3(void *arg) {
    r3 = atomic_fetch_add_explicit(&x, 1, memory_order_relaxed);
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
    int final_x = atomic_load_explicit(&x, memory_order_relaxed);
    assert(!(final_x != 3 || r1 == r2 || r1 == r3 || r2 == r3)); /* the weak outcome */
#endif
    return 0;
}

/* ravel-litmus
 * LB+datas (the out-of-thin-air shape): both threads store the value they read. Every
 * model forbids the po U rf cycle (IMM through the two data dependencies [Podkopaev et
 * al., IMM, POPL 2019]), so only 0 is ever read; three graphs (the cycle is excluded).
 * The assertion (a thin-air 1) cannot fail; the counts show the cycle is excluded.
 * sc: safe executions=3
 * tso: safe executions=3
 * rc11: safe executions=3
 * imm: safe executions=3
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x, y;
int r1, r2;

void *t1(void *arg) {
    int a = atomic_load_explicit(&y, memory_order_relaxed);
    atomic_store_explicit(&x, a, memory_order_relaxed);
    r1 = a;
    return 0;
}

void *t2(void *arg) {
    int b = atomic_load_explicit(&x, memory_order_relaxed);
    atomic_store_explicit(&y, b, memory_order_relaxed);
    r2 = b;
    return 0;
}

int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, t1, 0);
    pthread_create(&t[1], 0, t2, 0);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], 0);
#ifndef COUNT
    assert(!(r1 == 1 && r2 == 1)); /* the weak outcome */
#endif
    return 0;
}

/* ravel-litmus
 * Two relaxed fetch_add(1) on one location: RMW atomicity (each reads its immediate co-
 * predecessor) rules out a lost update under every model. Two graphs (which RMW goes
 * first).
 * sc: safe executions=2
 * tso: safe executions=2
 * rc11: safe executions=2
 * imm: safe executions=2
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x;
int r1, r2;

void *t1(void *arg) {
    r1 = atomic_fetch_add_explicit(&x, 1, memory_order_relaxed);
    return 0;
}

void *t2(void *arg) {
    r2 = atomic_fetch_add_explicit(&x, 1, memory_order_relaxed);
    return 0;
}

int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, t1, 0);
    pthread_create(&t[1], 0, t2, 0);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], 0);
#ifndef COUNT
    assert(!(r1 == r2)); /* the weak outcome */
#endif
    return 0;
}

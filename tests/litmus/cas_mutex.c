/* ravel-litmus
 * Two relaxed compare-exchange 0->1 / 0->2: at most one succeeds (atomicity). Two
 * graphs: either CAS reads init and the other fails reading its write.
 * sc: safe executions=2
 * tso: safe executions=2
 * rc11: safe executions=2
 * imm: safe executions=2
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x;
int ok1, ok2;

void *t1(void *arg) {
    int e = 0;
    ok1 = atomic_compare_exchange_strong_explicit(&x, &e, 1, memory_order_relaxed,
                                                  memory_order_relaxed);
    return 0;
}

void *t2(void *arg) {
    int e = 0;
    ok2 = atomic_compare_exchange_strong_explicit(&x, &e, 2, memory_order_relaxed,
                                                  memory_order_relaxed);
    return 0;
}

int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, t1, 0);
    pthread_create(&t[1], 0, t2, 0);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], 0);
#ifndef COUNT
    assert(!(ok1 && ok2)); /* the weak outcome */
#endif
    return 0;
}

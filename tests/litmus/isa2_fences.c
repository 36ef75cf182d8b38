/* ravel-litmus
 * ISA2 with relaxed accesses and fences: release fence in the first thread, acq_rel
 * fence in the middle, acquire fence in the last. Eight graphs (each of the 3 reads:
 * init or the store); SC excludes the weak one.
 * sc: safe executions=7
 * tso: safe executions=7
 * rc11: safe executions=7
 * imm: safe executions=7
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x, y, z;
int r1, r2, r3;

void *t1(void *arg) {
    atomic_store_explicit(&x, 1, memory_order_relaxed);
    atomic_thread_fence(memory_order_release);
    atomic_store_explicit(&y, 1, memory_order_relaxed);
    return 0;
}

void *t2(void *arg) {
    r1 = atomic_load_explicit(&y, memory_order_relaxed);
    atomic_thread_fence(memory_order_acq_rel);
    atomic_store_explicit(&z, 1, memory_order_relaxed);
    return 0;
}

void *t3(void *arg) {
    r2 = atomic_load_explicit(&z, memory_order_relaxed);
    atomic_thread_fence(memory_order_acquire);
    r3 = atomic_load_explicit(&x, memory_order_relaxed);
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
    assert(!(r1 == 1 && r2 == 1 && r3 == 0)); /* the weak outcome */
#endif
    return 0;
}

/* ravel-litmus
 * MP with a release flag store and a relaxed flag load followed by an acquire fence:
 * access-to-fence synchronisation [Lahav et al., RC11, PLDI 2017]. Four graphs (each
 * read: init or the store).
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
    atomic_store_explicit(&x, 1, memory_order_relaxed);
    atomic_store_explicit(&y, 1, memory_order_release);
    return 0;
}

void *t2(void *arg) {
    r1 = atomic_load_explicit(&y, memory_order_relaxed);
    atomic_thread_fence(memory_order_acquire);
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
    assert(!(r1 == 1 && r2 == 0)); /* the weak outcome */
#endif
    return 0;
}

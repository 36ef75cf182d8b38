/* ravel-test
 * SB with release stores and acquire loads, only atomics as scheduling points (sync
 * granularity): on x86 these are plain moves, so TSO buffers the stores and r1 = r2 = 0
 * is reachable; under SC it is not (3 classes).
 * check: safe executions=3
 * check-tso-sync: unsafe assertion-failure
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
atomic_int x, y;
int r1, r2;
static void *a(void *p) {
    atomic_store_explicit(&x, 1, memory_order_release);
    r1 = atomic_load_explicit(&y, memory_order_acquire);
    return 0;
}
static void *b(void *p) {
    atomic_store_explicit(&y, 1, memory_order_release);
    r2 = atomic_load_explicit(&x, memory_order_acquire);
    return 0;
}
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, a, 0);
    pthread_create(&t[1], 0, b, 0);
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    assert(r1 == 1 || r2 == 1);
    return 0;
}

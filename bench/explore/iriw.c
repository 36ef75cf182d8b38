/* IRIW (independent reads of independent writes), the litmus test, e.g. from Boehm & Adve,
 * "Foundations of the C++ Concurrency Memory Model" (PLDI 2008): two writers of x and y,
 * one reader reads x then y, the other y then x; seq-cst atomics.
 * Classes (SC, every access a scheduling point; reads commute), derived by hand: each of
 * the 4 reads is before or after its write (16), minus the one cycle that SC forbids
 * (reader 1 sees x new and y old while reader 2 sees y new and x old): 15. No N. */
#include <pthread.h>
#include <stdatomic.h>
atomic_int x, y;
static void *wx(void *arg) { atomic_store(&x, 1); return 0; }
static void *wy(void *arg) { atomic_store(&y, 1); return 0; }
static void *rxy(void *arg) {
    int a = atomic_load(&x);
    return (void *)(long)(2 * a + atomic_load(&y));
}
static void *ryx(void *arg) {
    int a = atomic_load(&y);
    return (void *)(long)(2 * a + atomic_load(&x));
}
int main(void) {
    pthread_t t[4];
    pthread_create(&t[0], 0, wx, 0);
    pthread_create(&t[1], 0, wy, 0);
    pthread_create(&t[2], 0, rxy, 0);
    pthread_create(&t[3], 0, ryx, 0);
    for (int i = 0; i < 4; i++) pthread_join(t[i], 0);
    return 0;
}

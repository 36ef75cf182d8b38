/* ravel-test
 * the `lock; cmpxchgl` spinlock of asm_cmpxchg_spinlock.c, but one thread updates the
 * counter without taking it: a plain read-modify-write that races with the locked one.
 * run: ok
 * run-flags: --no-races (a litmus test: its races are the point; run checks the output)
 * check: unsafe data-race
 * check-all: unsafe data-race
 */
#include <pthread.h>
static int lock, counter;
static int cas(volatile int *p, int old, int new) {
    int prev;
    __asm__ __volatile__("lock; cmpxchgl %1,%2" : "=a"(prev) : "r"(new), "m"(*p), "0"(old) : "memory");
    return prev;
}
static void *locked(void *arg) {
    (void)arg;
    while (cas(&lock, 0, 1) != 0)
        ;
    counter++;
    __atomic_store_n(&lock, 0, __ATOMIC_RELEASE);
    return 0;
}
static void *unlocked(void *arg) {
    (void)arg;
    counter++;
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, locked, 0);
    pthread_create(&b, 0, unlocked, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}

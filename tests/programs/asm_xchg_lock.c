/* ravel-test
 * test-and-set locks from x86 `xchg` (implicitly locked): OpenBSD's `xchg %0,(%2)` with
 * the address in a register, and `xchgl %0, %1` on a `"+m"` operand to release.
 * run: ok
 * stdout: counter 4
 * check: safe
 * check-all: safe
 */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
static volatile int lock;
static int counter;
static int test_and_set(volatile int *l) {
    int old = 1;
    __asm__ __volatile__("xchg %0,(%2)" : "=r"(old) : "0"(old), "r"(l) : "memory");
    return old;
}
static void release(volatile int *l) {
    int zero = 0;
    __asm__ __volatile__("xchgl %0, %1" : "+r"(zero), "+m"(*l) : : "memory");
}
static void *worker(void *arg) {
    (void)arg;
    for (int i = 0; i < 2; i++) {
        while (test_and_set(&lock))
            ;
        counter++;
        release(&lock);
    }
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    printf("counter %d\n", counter);
    assert(counter == 4);
    return 0;
}

/* ravel-test
 * the 32-bit spellings of x86 atomic read-modify-write assembly (`-m32`: `long` and
 * pointers are 4 bytes, `cmpxchgl`/`xaddl`/`xchgl` on them), two threads counting.
 * run: ok
 * clang: -m32
 * stdout: counter 4 tickets 4 swapped 7
 * check: safe
 */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
static long lock, counter, tickets;
static long cas(volatile long *p, long old, long new) {
    long prev;
    __asm__ __volatile__("lock; cmpxchgl %2,%1" : "=a"(prev), "+m"(*p) : "r"(new), "0"(old) : "memory");
    return prev;
}
static long xadd(long *p, long v) {
    __asm__ __volatile__("lock; xaddl %0, %1" : "+r"(v), "+m"(*p) : : "memory");
    return v;
}
static long xchg(long *p, long v) {
    __asm__ __volatile__("xchgl %0, %1" : "=r"(v), "+m"(*p) : "0"(v) : "memory");
    return v;
}
static void *worker(void *arg) {
    (void)arg;
    for (int i = 0; i < 2; i++) {
        while (cas(&lock, 0, 1))
            ;
        counter++;
        xchg(&lock, 0);
    }
    xadd(&tickets, 2);
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    long s = 7, got = xchg(&s, 9);
    printf("counter %ld tickets %ld swapped %ld\n", counter, tickets, got);
    assert(counter == 4 && s == 9);
    return 0;
}

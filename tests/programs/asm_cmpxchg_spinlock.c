/* ravel-test
 * x86 inline assembly for compare-and-exchange, spelled as glibc (`lock; cmpxchgl` with
 * the old value in `"=a"`/`"0"`), ck (`setz` into a byte) and with a flag output
 * (`=@ccz`): a spinlock around a counter and a CAS-loop counter, both correct.
 * run: ok
 * stdout: trylock 0 then 1
 * stdout: ccz 1 0
 * stdout: counter 2 total 2
 * check: safe
 * check-all: safe
 */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
static int lock, counter, total;
static int cas(volatile int *p, int old, int new) {
    int prev;
    __asm__ __volatile__("lock; cmpxchgl %1,%2" : "=a"(prev) : "r"(new), "m"(*p), "0"(old) : "memory");
    return prev;
}
static int cas_setz(int *target, int compare, int set) {
    char z;
    __asm__ __volatile__("lock; cmpxchgl %2, %0; setz %1;"
                         : "+m"(*target), "=q"(z), "+a"(compare)
                         : "r"(set)
                         : "memory", "cc");
    return z;
}
static int cas_ccz(int *target, int compare, int set) {
    int z;
    __asm__ __volatile__("lock cmpxchgl %[n], %[m]" : [m] "+m"(*target), "=@ccz"(z), "+a"(compare) : [n] "r"(set) : "memory");
    return z;
}
static void *worker(void *arg) {
    (void)arg;
    while (cas(&lock, 0, 1) != 0)
        __asm__ __volatile__("pause");
    counter++;
    __atomic_store_n(&lock, 0, __ATOMIC_RELEASE);
    int seen = __atomic_load_n(&total, __ATOMIC_RELAXED);
    while (!cas_ccz(&total, seen, seen + 1))
        seen = __atomic_load_n(&total, __ATOMIC_RELAXED);
    return 0;
}
int main(void) {
    pthread_t a, b;
    int first = cas_setz(&lock, 1, 1), second = cas_setz(&lock, 0, 0);
    printf("trylock %d then %d\n", first, second);
    int x = 5;
    int hit = cas_ccz(&x, 5, 6), miss = cas_ccz(&x, 5, 7);
    printf("ccz %d %d\n", hit, miss);
    assert(x == 6);
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    printf("counter %d total %d\n", counter, total);
    assert(counter == 2 && total == 2);
    return 0;
}

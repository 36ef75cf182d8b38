/* ravel-test
 * inline assembly real code uses: a cpuid feature probe (answers no features, so the
 * portable path runs), spin hints and fences in a hand-made flag handoff.
 * run: ok
 * stdout: portable path
 * stdout: got 42
 * check: safe
 * check-all: safe
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
static int data;
static atomic_int ready;
static int has_sse42(void) {
    unsigned a = 1, b, c = 0, d;
    __asm__("cpuid" : "+a"(a), "=b"(b), "+c"(c), "=d"(d));
    return (c >> 20) & 1;
}
static void *producer(void *arg) {
    (void)arg;
    data = 42;
    __asm__ __volatile__("mfence" ::: "memory");
    atomic_store_explicit(&ready, 1, memory_order_relaxed);
    return 0;
}
int main(void) {
    pthread_t t;
    puts(has_sse42() ? "fast path" : "portable path");
    pthread_create(&t, 0, producer, 0);
    while (!atomic_load_explicit(&ready, memory_order_relaxed))
        __asm__ __volatile__("pause");
    __asm__ __volatile__("lfence" ::: "memory");
    printf("got %d\n", data);
    pthread_join(t, 0);
    return 0;
}

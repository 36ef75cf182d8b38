/* ravel-test
 * x86 `rdtsc` and `rdtscp` in inline assembly, as programs time their work: the counter
 * (low half in %eax, high in %edx; rdtscp also sets %ecx) only goes up, in each thread.
 * ravel reads its virtual clock as a 1 GHz counter.
 * run: ok
 * check: safe
 */
#include <assert.h>
#include <pthread.h>

static unsigned long long ticks(void) {
    unsigned lo, hi;
    __asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
    return ((unsigned long long)hi << 32) | lo;
}

static unsigned long long ticks_p(void) {
    unsigned lo, hi, aux;
    __asm__ __volatile__("rdtscp" : "=a"(lo), "=d"(hi), "=c"(aux));
    return ((unsigned long long)hi << 32) | lo;
}

void *worker(void *arg) {
    unsigned long long a = ticks();
    unsigned long long b = ticks_p();
    assert(b > a);
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    unsigned long long a = ticks_p();
    unsigned long long b = ticks();
    assert(b > a);
    pthread_join(t, 0);
    return 0;
}

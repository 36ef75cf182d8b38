/* fib_bench: the shape of SV-COMP's pthread/fib_bench tasks (from the ESBMC examples), as
 * used by GenMC: i = j = 1; one thread does i += j N times, the other j += i N times (plain
 * ints: each += reads both and writes one), and main reads i and j while they run, checks
 * that neither exceeds the perfectly alternating Fibonacci value F(2N+2) (a correct
 * program), then joins.
 * Classes: measured with the sleep-set baseline (one writer per variable, so these are the
 * rf-classes too): N=1: 11, 2: 140, 3: 1,698, 4: 19,605, 5: 218,243 (GenMC's figure at
 * N=5), growing about 11x per step (N=6: about 2.4 million). */
#include <assert.h>
#include <pthread.h>
#ifndef N
#define N 5
#endif
int i = 1, j = 1;
static void *t1(void *arg) {
    for (int k = 0; k < N; k++) i += j;
    return 0;
}
static void *t2(void *arg) {
    for (int k = 0; k < N; k++) j += i;
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, t1, 0);
    pthread_create(&b, 0, t2, 0);
    int f = 1, g = 1; /* consecutive Fibonacci numbers; g ends as F(2N+2) */
    for (int k = 0; k < 2 * N; k++) { int h = f + g; f = g; g = h; }
    int ci = i <= g, cj = j <= g;
    assert(ci && cj);
#ifndef NO_JOIN /* main returning at once leaves the classes as they are (issue 44) */
    pthread_join(a, 0);
    pthread_join(b, 0);
#endif
    return 0;
}

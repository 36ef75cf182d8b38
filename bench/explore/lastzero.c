/* lastzero: from Abdulla, Aronis, Jonsson, Sagonas, "Optimal Dynamic Partial Order
 * Reduction" (POPL 2014). Thread 0 scans a[N..0] for the last zero; thread j (1..N) sets
 * a[j] = a[j-1] + 1.
 * Classes (SC, every shared access a scheduling point), derived by hand: thread j's read
 * of a[j-1] is before or after thread j-1's write (2^(N-1) choices, j = 2..N); the scan
 * stops at N (no constraint), at k in 1..N-1 (forces thread k+1 to have read a[k] before
 * it was written: 2^(N-2) each) or at 0 (2^(N-1)); total (N+3) * 2^(N-2):
 * N=5: 64, 6: 144, 7: 320, 8: 704, 9: 1,536, 10: 3,328 (the paper's figure; the sleep-set
 * baseline explores exactly these with long slots). Slots are long by default: ravel
 * tracks conflicts per 8-byte word, so with -DSLOT=int neighbours conflict as well and the
 * baseline explores 312 at N=5 and 129,765 at N=10. */
#include <pthread.h>
#ifndef N
#define N 5
#endif
#ifndef SLOT
#define SLOT long
#endif
SLOT a[N + 1];
static void *scan(void *arg) {
    int i;
    for (i = N; a[i] != 0; i--)
        ;
    return (void *)(long)i;
}
static void *inc(void *arg) {
    long j = (long)arg;
    a[j] = a[j - 1] + 1;
    return 0;
}
int main(void) {
    pthread_t t[N + 1];
    pthread_create(&t[0], 0, scan, 0);
    for (long j = 1; j <= N; j++) pthread_create(&t[j], 0, inc, (void *)j);
#ifndef NO_JOIN /* main returning at once leaves the classes as they are (issue 44) */
    for (int j = 0; j <= N; j++) pthread_join(t[j], 0);
#endif
    return 0;
}

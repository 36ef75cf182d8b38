/* indexer: the hash-table benchmark of Flanagan & Godefroid, "Dynamic Partial-Order
 * Reduction for Model Checking Software" (POPL 2005). N threads each insert 4 values
 * w = 11*m + tid (m = 1..4, as the paper's getmsg) into a 128-slot table, with
 * hash(w) = 7*w % 128, compare-and-swap and linear probing. 7 is invertible mod 128, so
 * slots collide only for equal values: threads t and t+11 share 3 values (from N = 12),
 * and the loser's probe slot, hash(w+55), is no inserted value's home (values <= 43+N).
 * Classes (SC, every shared access a scheduling point), derived by hand: each shared value
 * has 2 winners, so 1 up to N=11 and 2^(3*(N-11)) for 12 <= N <= 22 (from 23 on, three
 * threads share values): N=12: 8, 13: 64, 14: 512, 15: 4,096, the figures of the
 * literature; the sleep-set baseline explores exactly these (with long slots). "512 at
 * N=13" would mean 14 threads (ids 0..13). Slots are long by default: ravel tracks
 * conflicts per 8-byte word, so with -DSLOT=int a loser's probe can conflict with a
 * neighbour's home slot and the baseline explores 16, 256, 4,096 at N=12, 13, 14. The
 * previous version of this file, collision-free up to N=11, is indexer_nocollide.c. */
#include <pthread.h>
#include <stdatomic.h>
#ifndef N
#define N 13
#endif
#ifndef SLOT
#define SLOT long
#endif
#define SIZE 128
_Atomic SLOT table[SIZE];
static void *worker(void *arg) {
    int tid = (int)(long)arg;
    for (int m = 1; m <= 4; m++) {
        SLOT w = 11 * m + tid, zero = 0;
        int h = (w * 7) % SIZE;
        while (!atomic_compare_exchange_strong(&table[h], &zero, w)) {
            h = (h + 1) % SIZE;
            zero = 0;
        }
    }
    return 0;
}
int main(void) {
    pthread_t t[N];
    for (long i = 0; i < N; i++) pthread_create(&t[i], 0, worker, (void *)i);
    for (int i = 0; i < N; i++) pthread_join(t[i], 0);
    return 0;
}

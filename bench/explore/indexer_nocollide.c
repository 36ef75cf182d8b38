/* The first version of indexer.c (the exploration table of BENCHMARKS.md, N = 2..8): N
 * threads insert w = 11*i + tid (i = 0..3) into a hash table with compare-and-swap. No two
 * insertions collide up to N = 11 (1 class); from N = 12 on they do, like indexer.c (which
 * uses the paper's values 11*m + tid, m = 1..4; here thread 0 also inserts 0, the value
 * that marks a free slot). */
#include <pthread.h>
#include <stdatomic.h>
#ifndef N
#define N 3
#endif
#define SIZE 128
#define MAX 4
atomic_int table[SIZE];
static int hash(int w) { return (w * 7) % SIZE; }
static void *worker(void *arg) {
    int tid = (int)(long)arg;
    for (int i = 0; i < MAX; i++) {
        int w = i * 11 + tid;
        int h = hash(w);
        int zero = 0;
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

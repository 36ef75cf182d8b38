/* Radix sort in the style of SPLASH-2's radix: each thread counts the digits of its keys
 * (a histogram), the histograms are summed up a binomial tree whose parents wait on one
 * counting semaphore per parent (a child posts it when its subtree's sum is ready), a
 * barrier publishes the total, then each thread computes where its keys go (the total's
 * prefix sums plus the counts of the threads before it) and scatters them. Main checks
 * the order. The keys come from a fixed pseudo-random generator, as in SPLASH-2; the
 * number of keys is the input. The order in which a parent's children post is a
 * synchronisation order: the schedules grow with the threads (1 child of thread 0 with 2
 * threads; 2 with 4; 3, and 2 of thread 4, with 8). The barrier's results are ignored.
 * NTHREADS threads, at most MAXKEYS keys, BITS bits per digit, one pass; WORK rounds of
 * input-independent arithmetic per key (raised for native timing). */
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

#ifndef NTHREADS
#define NTHREADS 2
#endif
#ifndef MAXKEYS
#define MAXKEYS (2 * NTHREADS)
#endif
#ifndef WORK
#define WORK 1
#endif
#define BITS 2
#define BUCKETS (1 << BITS)

extern int __VERIFIER_nondet_int(void);

int nkeys;
int keys[MAXKEYS], sorted[MAXKEYS];
long digest[MAXKEYS];
/* hist[i]: thread i's own counts; sum[i]: the counts of i's subtree. */
int hist[NTHREADS][BUCKETS], sum[NTHREADS][BUCKETS];
sem_t ready[NTHREADS];
pthread_barrier_t published;

void *sorter(void *arg) {
    int id = (int)(long)arg;
    for (int j = id; j < nkeys; j += NTHREADS) {
        long d = keys[j];
        for (long w = 0; w < WORK; w++)
            d = (d * 1103515245 + 12345) & 0xffffff;
        digest[j] = d;
        hist[id][keys[j] % BUCKETS]++;
    }
    for (int b = 0; b < BUCKETS; b++)
        sum[id][b] = hist[id][b];
    /* Binomial tree: at step s, a thread whose id is a multiple of 2s has child id+s;
     * the others have parent id-s. A thread posts its parent once its subtree is summed. */
    int children = 0, parent = -1;
    for (int s = 1; s < NTHREADS; s *= 2) {
        if (id % (2 * s) != 0) {
            parent = id - s;
            break;
        }
        if (id + s < NTHREADS)
            children++;
    }
    for (int c = 0; c < children; c++)
        sem_wait(&ready[id]);
    for (int s = 1; s < NTHREADS && id % (2 * s) == 0; s *= 2)
        if (id + s < NTHREADS)
            for (int b = 0; b < BUCKETS; b++)
                sum[id][b] += sum[id + s][b];
    if (parent >= 0)
        sem_post(&ready[parent]);
    pthread_barrier_wait(&published);
    int next[BUCKETS];
    int before = 0;
    for (int b = 0; b < BUCKETS; b++) {
        next[b] = before;
        for (int t = 0; t < id; t++)
            next[b] += hist[t][b];
        before += sum[0][b];
    }
    for (int j = id; j < nkeys; j += NTHREADS)
        sorted[next[keys[j] % BUCKETS]++] = keys[j];
    return 0;
}

int main(void) {
    nkeys = __VERIFIER_nondet_int();
    if (nkeys < 0)
        nkeys = 0;
    if (nkeys > MAXKEYS)
        nkeys = MAXKEYS;
    unsigned seed = 12345;
    for (int j = 0; j < MAXKEYS; j++) {
        seed = seed * 1103515245 + 12345;
        keys[j] = (seed >> 16) & 0xff;
    }
    for (int i = 0; i < NTHREADS; i++)
        sem_init(&ready[i], 0, 0);
    pthread_barrier_init(&published, 0, NTHREADS);
    pthread_t t[NTHREADS];
    for (long i = 0; i < NTHREADS; i++)
        pthread_create(&t[i], 0, sorter, (void *)i);
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(t[i], 0);
    int last = -1;
    for (int j = 0; j < nkeys; j++) {
        assert(last <= sorted[j] % BUCKETS);
        last = sorted[j] % BUCKETS;
    }
    printf("%d\n", last);
    return 0;
}

/* Fork-join phases in the style of LU's outer loop, with ravel_epoch() between phases:
 * in each phase the threads add their share of a row into a total under a lock (the
 * order of the additions is the schedule of the phase). PHASES phases, NTHREADS threads;
 * WORK rounds of arithmetic per share (raised for native timing). */
#include <pthread.h>
#include <ravel.h>
#include <stdio.h>

#ifndef NTHREADS
#define NTHREADS 2
#endif
#ifndef PHASES
#define PHASES 2
#endif
#ifndef WORK
#define WORK 1
#endif

extern int __VERIFIER_nondet_int(void);

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
long total;
int scale;

void *worker(void *arg) {
    long share = (long)arg * scale;
    for (long w = 0; w < WORK; w++)
        share = (share * 1103515245 + 12345) & 0xffffff;
    pthread_mutex_lock(&lock);
    total += share;
    pthread_mutex_unlock(&lock);
    return 0;
}

int main(void) {
    scale = __VERIFIER_nondet_int();
    for (int phase = 0; phase < PHASES; phase++) {
        ravel_epoch();
        pthread_t t[NTHREADS];
        for (long i = 0; i < NTHREADS; i++)
            pthread_create(&t[i], 0, worker, (void *)i);
        for (int i = 0; i < NTHREADS; i++)
            pthread_join(t[i], 0);
    }
    printf("%ld\n", total & 1);
    return 0;
}

/* Fork-join in the style of PARSEC's blackscholes: main reads the options (inputs),
 * each thread prices its share (branching on the inputs), main joins. Only creation and
 * joining synchronise: one schedule covers every input.
 * NTHREADS threads, PER_THREAD options each; WORK rounds of input-independent arithmetic
 * per option (the native timing builds raise it; the analysis uses WORK=1).
 * With -DABSTRACT_OPTIONS the options pass through ravel_abstract_int (ravel.h): no
 * synchronisation depends on them, so the analysis follows them at one value instead of
 * splitting a path at each comparison (and `--check` says unknown). */
#include <pthread.h>
#include <stdio.h>

#ifndef NTHREADS
#define NTHREADS 2
#endif
#ifndef PER_THREAD
#define PER_THREAD 2
#endif
#ifndef WORK
#define WORK 1
#endif
#define OPTIONS (NTHREADS * PER_THREAD)

extern int __VERIFIER_nondet_int(void);
#ifdef ABSTRACT_OPTIONS
extern int ravel_abstract_int(int x);
#define OPTION(x) ravel_abstract_int(x)
#else
#define OPTION(x) (x)
#endif

int spot[OPTIONS], strike[OPTIONS];
long price[OPTIONS];

static long settle(long p) {
    for (long w = 0; w < WORK; w++)
        p = (p * 1103515245 + 12345) & 0xffffff;
    return p;
}

void *worker(void *arg) {
    long id = (long)arg;
    for (int i = 0; i < PER_THREAD; i++) {
        int o = (int)id * PER_THREAD + i;
        long p = spot[o] > strike[o] ? (long)spot[o] - strike[o] : (long)strike[o] / 2;
        price[o] = settle(p);
    }
    return 0;
}

int main(void) {
    for (int o = 0; o < OPTIONS; o++) {
        spot[o] = OPTION(__VERIFIER_nondet_int());
        strike[o] = OPTION(__VERIFIER_nondet_int());
    }
    pthread_t t[NTHREADS];
    for (long i = 0; i < NTHREADS; i++)
        pthread_create(&t[i], 0, worker, (void *)i);
    long sum = 0;
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(t[i], 0);
    for (int o = 0; o < OPTIONS; o++)
        sum += price[o];
    printf("%ld\n", sum & 1);
    return 0;
}

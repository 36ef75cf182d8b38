/* Barrier-synchronised rounds in the style of SPLASH-2's fft: each thread transforms its
 * part, then all meet at a barrier, ROUNDS times. The native runtime cannot order barrier
 * waits yet (issue 17, item 2), so `ravel schedules` answers unknown for it. */
#include <pthread.h>
#include <stdio.h>

#ifndef NTHREADS
#define NTHREADS 2
#endif
#ifndef ROUNDS
#define ROUNDS 2
#endif

extern int __VERIFIER_nondet_int(void);

pthread_barrier_t barrier;
int part[NTHREADS];

void *worker(void *arg) {
    long id = (long)arg;
    for (int r = 0; r < ROUNDS; r++) {
        part[id] = part[id] * 3 + r;
        pthread_barrier_wait(&barrier);
    }
    return 0;
}

int main(void) {
    for (int i = 0; i < NTHREADS; i++)
        part[i] = __VERIFIER_nondet_int();
    pthread_barrier_init(&barrier, 0, NTHREADS);
    pthread_t t[NTHREADS];
    for (long i = 0; i < NTHREADS; i++)
        pthread_create(&t[i], 0, worker, (void *)i);
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(t[i], 0);
    printf("%d\n", part[0] & 1);
    return 0;
}

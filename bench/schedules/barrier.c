/* Barrier-synchronised rounds in the style of SPLASH-2's fft: each thread transforms its
 * part, then all meet at a barrier, ROUNDS times; at the end each adds its part to a
 * checksum under a lock. The results of the barrier waits are ignored, so their order
 * does not matter: only the checksum's lock order makes schedules. WORK rounds of
 * arithmetic per transform (raised for native timing). */
#include <pthread.h>
#include <stdio.h>

#ifndef NTHREADS
#define NTHREADS 2
#endif
#ifndef ROUNDS
#define ROUNDS 2
#endif
#ifndef WORK
#define WORK 1
#endif

extern int __VERIFIER_nondet_int(void);

pthread_barrier_t barrier;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
long part[NTHREADS];
long checksum;

void *worker(void *arg) {
    long id = (long)arg;
    for (int r = 0; r < ROUNDS; r++) {
        long v = part[id] * 3 + r;
        for (long w = 0; w < WORK; w++)
            v = (v * 1103515245 + 12345) & 0xffffff;
        part[id] = v;
        pthread_barrier_wait(&barrier);
    }
    pthread_mutex_lock(&lock);
    checksum += part[id];
    pthread_mutex_unlock(&lock);
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
    printf("%ld\n", checksum & 1);
    return 0;
}

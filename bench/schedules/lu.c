/* LU's structure without barriers: for each of ROWS pivot rows, a phase function forks
 * NTHREADS threads that update their rows and add a pivot statistic under a lock, then
 * joins them. No ravel_epoch() call: `ravel schedules` places the marker at the head of
 * the fork-join loop itself. WORK rounds of arithmetic per update (raised for timing). */
#include <pthread.h>
#include <stdio.h>

#ifndef NTHREADS
#define NTHREADS 2
#endif
#ifndef ROWS
#define ROWS 2
#endif
#ifndef WORK
#define WORK 1
#endif

extern int __VERIFIER_nondet_int(void);

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
long row[NTHREADS];
long pivots;
int pivot;

void *update(void *arg) {
    long id = (long)arg;
    long v = row[id] + pivot;
    for (long w = 0; w < WORK; w++)
        v = (v * 1103515245 + 12345) & 0xffffff;
    row[id] = v;
    pthread_mutex_lock(&lock);
    pivots += v & 1;
    pthread_mutex_unlock(&lock);
    return 0;
}

static void phase(void) {
    pthread_t t[NTHREADS];
    for (long i = 0; i < NTHREADS; i++)
        pthread_create(&t[i], 0, update, (void *)i);
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(t[i], 0);
}

int main(void) {
    pivot = __VERIFIER_nondet_int();
    for (int k = 0; k < ROWS; k++)
        phase();
    printf("%ld\n", pivots);
    return 0;
}

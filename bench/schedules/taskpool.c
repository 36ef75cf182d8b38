/* A task pool in the style of pfscan: workers take task numbers from a counter under a
 * lock and count the tasks whose data matches a key, under the same lock. How many tasks
 * there are and which match are inputs, so the lock acquisition orders (the schedules)
 * depend on them and grow with the threads.
 * NTHREADS workers, at most MAXTASKS tasks; WORK rounds of input-independent arithmetic
 * per task (raised for native timing). */
#include <pthread.h>
#include <stdio.h>

#ifndef NTHREADS
#define NTHREADS 2
#endif
#ifndef MAXTASKS
#define MAXTASKS 2
#endif
#ifndef WORK
#define WORK 1
#endif

extern int __VERIFIER_nondet_int(void);

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
int next, ntasks, key, found;
int data[MAXTASKS];
long digest[MAXTASKS];

void *worker(void *arg) {
    (void)arg;
    for (;;) {
        pthread_mutex_lock(&lock);
        if (next >= ntasks) {
            pthread_mutex_unlock(&lock);
            return 0;
        }
        int t = next++;
        pthread_mutex_unlock(&lock);
        long d = t;
        for (long w = 0; w < WORK; w++)
            d = (d * 1103515245 + 12345) & 0xffffff;
        digest[t] = d;
        if (data[t] == key) {
            pthread_mutex_lock(&lock);
            found++;
            pthread_mutex_unlock(&lock);
        }
    }
}

int main(void) {
    ntasks = __VERIFIER_nondet_int();
    if (ntasks < 0)
        ntasks = 0;
    if (ntasks > MAXTASKS)
        ntasks = MAXTASKS;
    key = __VERIFIER_nondet_int();
    for (int i = 0; i < MAXTASKS; i++)
        data[i] = __VERIFIER_nondet_int();
    pthread_t t[NTHREADS];
    for (long i = 0; i < NTHREADS; i++)
        pthread_create(&t[i], 0, worker, 0);
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(t[i], 0);
    printf("%d\n", found);
    return 0;
}

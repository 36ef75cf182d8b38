/* A task pool in the style of pfscan: main puts task numbers (the "files") into a bounded
 * queue guarded by a lock, with condition variables for "not empty" and "not full", then
 * closes the queue; workers take tasks until the queue is closed and empty, scan the
 * task's data for the key, and count matches under a second lock. How many tasks there
 * are and which match are inputs, so the synchronisation orders (the schedules) depend
 * on them and grow quickly with the threads, as pfscan's do in Bergan's Table 3.2.
 * NTHREADS workers, at most MAXTASKS tasks, QSIZE queue slots; WORK rounds of
 * input-independent arithmetic per task (raised for native timing). */
#include <pthread.h>
#include <stdio.h>

#ifndef NTHREADS
#define NTHREADS 2
#endif
#ifndef MAXTASKS
#define MAXTASKS 2
#endif
#ifndef QSIZE
#define QSIZE 1
#endif
#ifndef WORK
#define WORK 1
#endif

extern int __VERIFIER_nondet_int(void);

pthread_mutex_t qlock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t nonempty = PTHREAD_COND_INITIALIZER, nonfull = PTHREAD_COND_INITIALIZER;
int queue[QSIZE], head, count, closed;

pthread_mutex_t found_lock = PTHREAD_MUTEX_INITIALIZER;
int found;
int ntasks, key, data[MAXTASKS];
long digest[MAXTASKS];

void put(int task) {
    pthread_mutex_lock(&qlock);
    while (count == QSIZE)
        pthread_cond_wait(&nonfull, &qlock);
    queue[(head + count) % QSIZE] = task;
    count++;
    pthread_cond_signal(&nonempty);
    pthread_mutex_unlock(&qlock);
}

void close_queue(void) {
    pthread_mutex_lock(&qlock);
    closed = 1;
    pthread_cond_broadcast(&nonempty);
    pthread_mutex_unlock(&qlock);
}

/* The next task, or -1 once the queue is closed and empty. */
int take(void) {
    pthread_mutex_lock(&qlock);
    while (count == 0 && !closed)
        pthread_cond_wait(&nonempty, &qlock);
    int task = -1;
    if (count > 0) {
        task = queue[head];
        head = (head + 1) % QSIZE;
        count--;
        pthread_cond_signal(&nonfull);
    }
    pthread_mutex_unlock(&qlock);
    return task;
}

void *worker(void *arg) {
    (void)arg;
    for (int t; (t = take()) >= 0;) {
        long d = t;
        for (long w = 0; w < WORK; w++)
            d = (d * 1103515245 + 12345) & 0xffffff;
        digest[t] = d;
        if (data[t] == key) {
            pthread_mutex_lock(&found_lock);
            found++;
            pthread_mutex_unlock(&found_lock);
        }
    }
    return 0;
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
    for (int i = 0; i < ntasks; i++)
        put(i);
    close_queue();
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(t[i], 0);
    printf("%d\n", found);
    return 0;
}

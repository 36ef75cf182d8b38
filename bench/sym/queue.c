/* Bounded FIFO queue (capacity N) under one mutex: a producer enqueues N symbolic items, a
 * consumer dequeues N and checks each against the value recorded when it was produced.
 * An operation on an empty container waits with __VERIFIER_assume (the schedules where it
 * would wait are dropped as blocked), so every execution is finite.
 * Safe: consumed item i is produced item i. */
#include <assert.h>
#include <pthread.h>
#ifndef N
#define N 3
#endif
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int buf[N], produced[N];
int head, tail, count;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *producer(void *p) {
    for (int i = 0; i < N; i++) {
        int v = __VERIFIER_nondet_int();
        pthread_mutex_lock(&m);
        produced[i] = v;
        buf[tail] = v;
        tail = (tail + 1) % N;
        count++;
        pthread_mutex_unlock(&m);
    }
    return 0;
}

static void *consumer(void *p) {
    for (int i = 0; i < N; i++) {
        pthread_mutex_lock(&m);
        __VERIFIER_assume(count > 0);
        int v = buf[head];
        head = (head + 1) % N;
        count--;
        assert(v == produced[i]);
        pthread_mutex_unlock(&m);
    }
    return 0;
}

int main(void) {
    pthread_t p, c;
    pthread_create(&p, 0, producer, 0);
    pthread_create(&c, 0, consumer, 0);
    pthread_join(p, 0);
    pthread_join(c, 0);
    assert(count == 0);
    return 0;
}

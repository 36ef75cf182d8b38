/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: total 25650
 * stdout: left 0, capacity respected 1
 */
#include <stdio.h>
#include <pthread.h>

#define CAP 4
#define ITEMS 25
static int buf[CAP];
static int head, tail, count;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t not_full = PTHREAD_COND_INITIALIZER;
static pthread_cond_t not_empty = PTHREAD_COND_INITIALIZER;
static int max_seen;

static void put(int v) {
    pthread_mutex_lock(&m);
    while (count == CAP) pthread_cond_wait(&not_full, &m);
    buf[tail] = v;
    tail = (tail + 1) % CAP;
    count++;
    if (count > max_seen) max_seen = count;
    pthread_cond_signal(&not_empty);
    pthread_mutex_unlock(&m);
}

static int get(void) {
    pthread_mutex_lock(&m);
    while (count == 0) pthread_cond_wait(&not_empty, &m);
    int v = buf[head];
    head = (head + 1) % CAP;
    count--;
    pthread_cond_signal(&not_full);
    pthread_mutex_unlock(&m);
    return v;
}

static void *producer(void *arg) {
    int base = *(int *)arg;
    for (int i = 1; i <= ITEMS; i++) put(base + i);
    return NULL;
}

static void *consumer(void *arg) {
    long *sum = arg;
    for (int i = 0; i < ITEMS; i++) *sum += get();
    return NULL;
}

int main(void) {
    pthread_t p[2], c[2];
    int bases[2] = { 0, 1000 };
    long sums[2] = { 0, 0 };
    for (int i = 0; i < 2; i++) pthread_create(&c[i], NULL, consumer, &sums[i]);
    for (int i = 0; i < 2; i++) pthread_create(&p[i], NULL, producer, &bases[i]);
    for (int i = 0; i < 2; i++) pthread_join(p[i], NULL);
    for (int i = 0; i < 2; i++) pthread_join(c[i], NULL);
    printf("total %ld\n", sums[0] + sums[1]);
    printf("left %d, capacity respected %d\n", count, max_seen <= CAP);
    return 0;
}

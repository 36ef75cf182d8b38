/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: thread 0: 1101 0 19
 * stdout: thread 1: 1102 1 28
 * stdout: thread 2: 1103 2 37
 * stdout: main: 7 0 5
 */
#include <stdio.h>
#include <pthread.h>

static __thread int tls_counter = 100;
static _Thread_local long long tls_big;
static __thread int tls_array[4] = { 1, 2, 3, 4 };
static int results[3][3];

static int *counter_addr(void) { return &tls_counter; }

static void *worker(void *arg) {
    int id = *(int *)arg;
    for (int i = 0; i <= id; i++) tls_counter++;
    tls_big = (long long)id << 40;
    int *p = counter_addr();
    *p += 1000;
    tls_array[id] *= 10;
    results[id][0] = tls_counter;
    results[id][1] = (int)(tls_big >> 40);
    results[id][2] = tls_array[0] + tls_array[1] + tls_array[2] + tls_array[3];
    return NULL;
}

int main(void) {
    pthread_t t[3];
    int ids[3] = { 0, 1, 2 };
    tls_counter = 7;
    for (int i = 0; i < 3; i++) pthread_create(&t[i], NULL, worker, &ids[i]);
    for (int i = 0; i < 3; i++) pthread_join(t[i], NULL);
    for (int i = 0; i < 3; i++) printf("thread %d: %d %d %d\n", i, results[i][0], results[i][1], results[i][2]);
    printf("main: %d %lld %d\n", tls_counter, tls_big, tls_array[0] + tls_array[3]);
    return 0;
}

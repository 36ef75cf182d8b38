/* lockcounter: N threads (default 4) each increment a counter M times (default 5), each
 * time under one mutex. A class is an order of the N*M critical sections that keeps each
 * thread's own order: (N*M)! / (M!)^N (by hand; N!, the counter.c family, at M = 1).
 * 4x5: 11,732,745,024, far beyond any budget: a throughput row, run with an execution
 * cap. 3x3: 1,680 (the sleep-set baseline explores exactly these). */
#include <assert.h>
#include <pthread.h>
#ifndef N
#define N 4
#endif
#ifndef M
#define M 5
#endif
int c;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static void *worker(void *arg) {
    for (int i = 0; i < M; i++) {
        pthread_mutex_lock(&m);
        c++;
        pthread_mutex_unlock(&m);
    }
    return 0;
}
int main(void) {
    pthread_t t[N];
    for (int i = 0; i < N; i++) pthread_create(&t[i], 0, worker, 0);
    for (int i = 0; i < N; i++) pthread_join(t[i], 0);
    assert(c == N * M);
    return 0;
}

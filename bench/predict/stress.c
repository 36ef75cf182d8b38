// A long trace: N threads each add to a shared total M times in critical sections, and
// (with -DBUG) once read the total in one section and write it back in another. main
// checks the sum. About 5 events per iteration: N = 10, M = 200 gives some 10,000.
#include <assert.h>
#include <pthread.h>

#ifndef N
#define N 10
#endif
#ifndef M
#define M 200
#endif

int total = 0;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *adder(void *arg) {
    (void)arg;
    for (int i = 0; i < M; i++) {
        pthread_mutex_lock(&m);
        int t = total;
#ifdef BUG
        if (i == M / 2) {
            pthread_mutex_unlock(&m);
            pthread_mutex_lock(&m);
        }
#endif
        total = t + 1;
        pthread_mutex_unlock(&m);
    }
    return 0;
}

int main(void) {
    pthread_t t[N];
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], 0, adder, 0);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], 0);
    assert(total == N * M);
    return 0;
}

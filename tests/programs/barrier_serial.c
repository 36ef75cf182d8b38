/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: serial 3 zero 9 other 0
 * stdout: destroy 0
 */
#include <stdio.h>
#include <pthread.h>

#define N 4
static pthread_barrier_t bar;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int serial_count, zero_count, other_count;

static void *worker(void *arg) {
    (void)arg;
    for (int round = 0; round < 3; round++) {
        int rc = pthread_barrier_wait(&bar);
        pthread_mutex_lock(&m);
        if (rc == PTHREAD_BARRIER_SERIAL_THREAD) serial_count++;
        else if (rc == 0) zero_count++;
        else other_count++;
        pthread_mutex_unlock(&m);
    }
    return NULL;
}

int main(void) {
    pthread_barrier_init(&bar, NULL, N);
    pthread_t t[N - 1];
    for (int i = 0; i < N - 1; i++) pthread_create(&t[i], NULL, worker, NULL);
    worker(NULL);
    for (int i = 0; i < N - 1; i++) pthread_join(t[i], NULL);
    printf("serial %d zero %d other %d\n", serial_count, zero_count, other_count);
    printf("destroy %d\n", pthread_barrier_destroy(&bar));
    return 0;
}

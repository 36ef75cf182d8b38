/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: 33 31 32
 */
#include <stdio.h>
#include <pthread.h>

#define N 3
#define PHASES 4
static pthread_barrier_t bar;
static int cur[N], next[N];

/* each phase: next[i] = cur[i] + cur[(i+1)%N], then copy back */
static void *worker(void *arg) {
    int i = *(int *)arg;
    for (int p = 0; p < PHASES; p++) {
        next[i] = cur[i] + cur[(i + 1) % N];
        pthread_barrier_wait(&bar);
        cur[i] = next[i];
        pthread_barrier_wait(&bar);
    }
    return NULL;
}

int main(void) {
    pthread_barrier_init(&bar, NULL, N);
    int ids[N];
    pthread_t t[N];
    for (int i = 0; i < N; i++) { cur[i] = i + 1; ids[i] = i; }
    for (int i = 0; i < N; i++) pthread_create(&t[i], NULL, worker, &ids[i]);
    for (int i = 0; i < N; i++) pthread_join(t[i], NULL);
    printf("%d %d %d\n", cur[0], cur[1], cur[2]);
    pthread_barrier_destroy(&bar);
    return 0;
}

/* 16 threads: one scans an array backwards for its last zero while 15 others each
   overwrite one cell with its left neighbour plus one. */
#include <assert.h>
#include <pthread.h>
#define N 15
int array[N + 1];
void *scan(void *arg) {
    int k = N;
    while (k >= 0 && array[k] != 0)
        k--;
    assert(k >= 0);
    return 0;
}
void *bump(void *arg) {
    int k = (int)(long)arg;
    array[k] = array[k - 1] + 1;
    return 0;
}
int main(void) {
    pthread_t t[N + 1];
    pthread_create(&t[0], 0, scan, 0);
    for (long k = 1; k <= N; k++)
        pthread_create(&t[k], 0, bump, (void *)k);
    for (int k = 0; k <= N; k++)
        pthread_join(t[k], 0);
    return 0;
}

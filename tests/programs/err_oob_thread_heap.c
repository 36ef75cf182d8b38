/* ravel-test
 * run: error out-of-bounds
 * seeds: 5
 */
#include <stdlib.h>
#include <pthread.h>

#define N 4
static int *slots;

static void *fill(void *arg) {
    int id = *(int *)arg;
    slots[id + 1] = id; /* thread 3 writes slots[4] */
    return NULL;
}

int main(void) {
    slots = malloc(N * sizeof *slots);
    pthread_t t[N];
    int ids[N];
    for (int i = 0; i < N; i++) { ids[i] = i; pthread_create(&t[i], NULL, fill, &ids[i]); }
    for (int i = 0; i < N; i++) pthread_join(t[i], NULL);
    free(slots);
    return 0;
}

/* ravel-test
 * With seed 9 `ravel run` meets the worker's read after main's free, and nothing orders
 * the free before the read: the use after free says it is a race too (ThreadSanitizer
 * reports it as heap-use-after-free, its race detector's report for a free). With seed 1
 * the new thread's head start puts the read before the free: a data race.
 * run: error data-race
 * seeds: 1
 * report: run --seed 9
 */
#include <pthread.h>
#include <stdlib.h>
int seen;
static void *worker(void *p) {
    seen = *(int *)p;
    return 0;
}
int main(void) {
    pthread_t t;
    int *arg = malloc(sizeof *arg);
    *arg = 7;
    pthread_create(&t, 0, worker, arg);
    free(arg);
    pthread_join(t, 0);
    return 0;
}

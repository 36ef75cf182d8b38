/* ravel-test
 * `ravel run` meets the worker's read after main's free, and nothing orders the free
 * before the read: the use after free says it is a race too (ThreadSanitizer reports it
 * as heap-use-after-free, its race detector's report for a free).
 * run: error use-after-free
 * seeds: 1
 * report: run --seed 1
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

/* ravel-test
 * main frees the block and then publishes a flag with release; the worker reads the
 * block only after acquiring the flag: a use after free ordered after its free, which
 * the report must not call a race.
 * check: unsafe use-after-free
 * run: error use-after-free
 * seeds: 3
 * report: check -j 1
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
int *block;
atomic_int published;
int seen;
static void *worker(void *p) {
    (void)p;
    while (!atomic_load(&published))
        ;
    seen = *block;
    return 0;
}
int main(void) {
    pthread_t t;
    block = malloc(sizeof *block);
    *block = 7;
    pthread_create(&t, 0, worker, 0);
    free(block);
    atomic_store(&published, 1);
    pthread_join(t, 0);
    return 0;
}

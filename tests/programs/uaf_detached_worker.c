/* ravel-test
 * a detached worker reads its argument block, which main frees before waiting on a flag
 * the worker sets afterwards: the read may come after the free.
 * check: unsafe data-race
 * check-all: unsafe use-after-free
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
atomic_int done;
int seen;
void *worker(void *p) {
    seen = *(int *)p;
    atomic_store(&done, 1);
    return 0;
}
int main(void) {
    pthread_t t;
    int *arg = malloc(sizeof *arg);
    *arg = 7;
    pthread_create(&t, 0, worker, arg);
    pthread_detach(t);
    free(arg);
    while (!atomic_load(&done))
        ;
    return 0;
}

/* ravel-test
 * main frees a job right after handing it to a thread, then joins: the worker's write is
 * a use after free (or, unordered with the free, a race with it), which ThreadSanitizer
 * and AddressSanitizer report natively. free() is an access of the whole block.
 * check: unsafe data-race
 * check-all: unsafe use-after-free
 */
#include <pthread.h>
#include <stdlib.h>
struct job {
    int arg;
    int result;
};
void *worker(void *p) {
    struct job *j = p;
    j->result = j->arg * 2;
    return 0;
}
int main(void) {
    pthread_t t;
    struct job *j = malloc(sizeof *j);
    j->arg = 21;
    pthread_create(&t, 0, worker, j);
    free(j);
    pthread_join(t, 0);
    return 0;
}

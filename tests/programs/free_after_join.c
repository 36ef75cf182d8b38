/* ravel-test
 * the correct counterpart of a use after free: the block is freed after the join.
 * run: ok
 * check: safe executions=1
 * check-all: safe
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
    pthread_join(t, 0);
    int r = j->result;
    free(j);
    return r == 42 ? 0 : 1;
}

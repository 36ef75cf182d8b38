/* ravel-test
 * A job freed by main while its worker still writes it: the report gives the write's
 * and the free's call stacks, where the worker was created and where the block was
 * allocated, as AddressSanitizer does.
 * check: unsafe data-race
 * report: check -j 1
 * report-formats: json sarif html
 */
#include <pthread.h>
#include <stdlib.h>
struct job {
    int result;
};
static void finish(struct job *j) { j->result = 42; }
static void *worker(void *a) {
    finish(a);
    return 0;
}
static struct job *make_job(void) { return malloc(sizeof(struct job)); }
static void drop_job(struct job *j) { free(j); }
int main(void) {
    struct job *j = make_job();
    pthread_t t;
    pthread_create(&t, 0, worker, j);
    drop_job(j);
    pthread_join(t, 0);
    return 0;
}

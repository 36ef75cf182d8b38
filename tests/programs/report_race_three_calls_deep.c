/* ravel-test
 * A race three calls deep in both threads: the report gives each access's call stack
 * (bump <- update_stats <- worker/main) and where the worker was created, as
 * ThreadSanitizer does.
 * check: unsafe data-race
 * report: check -j 1
 * report-formats: json sarif html
 */
#include <pthread.h>
int stats;
static void bump(int *p) { *p += 1; }
static void update_stats(void) { bump(&stats); }
static void *worker(void *a) {
    update_stats();
    return a;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    update_stats();
    pthread_join(t, 0);
    return stats;
}

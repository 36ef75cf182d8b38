/* ravel-test
 * `ravel run` reports a race with both accesses' call stacks and the worker's creation,
 * as `check` does: the run's schedule is replayed with stacks once it ended in an error.
 * run: error data-race
 * seeds: 1
 * report: run --seed 1
 */
#include <pthread.h>
int hits;
static void count(int *p) { *p += 1; }
static void record_hit(void) { count(&hits); }
static void *worker(void *a) {
    record_hit();
    return a;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    record_hit();
    pthread_join(t, 0);
    return hits;
}

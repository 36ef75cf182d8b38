/* ravel-test
 * Each thread draws inputs until one differs from the shared seed and from zero, then
 * stores it as the new seed: an input-driven loop inside one step. Stopping at branches
 * on inputs, and forgetting dead inputs exactly (v == e and v != e constraints), lets
 * the states engine see the loop repeat and prove the seed never becomes zero.
 * check-flags: --no-deadlocks
 * check-states: safe
 */
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int seed = 1;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
void *worker(void *arg) {
    pthread_mutex_lock(&lock);
    int old = seed;
    int next;
    do
        next = __VERIFIER_nondet_int();
    while (next == old || next == 0);
    seed = next;
    pthread_mutex_unlock(&lock);
    if (seed == 0)
        reach_error();
    return 0;
}
int main(void) {
    pthread_t t;
    for (int i = 0; i < 3; i++)
        pthread_create(&t, 0, worker, 0);
    return 0;
}

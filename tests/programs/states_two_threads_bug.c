/* ravel-test
 * two threads joined by main, with a lost update that fails the final check: the states
 * engine finds it on a concrete path (thread ids are observable through pthread_join,
 * so there is no symmetry) and its witness replays
 * check-flags: --no-races
 * check-all: unsafe assertion-failure
 * check-states: unsafe assertion-failure
 */
#include <assert.h>
#include <pthread.h>
int count;
void *worker(void *arg) {
    int c = count;
    count = c + 1;
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(count == 2);
    return 0;
}

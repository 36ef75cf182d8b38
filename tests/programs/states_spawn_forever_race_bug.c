/* ravel-test
 * main creates threads forever; each increments a counter without synchronisation and
 * checks it: with two threads an update is lost. The states engine reaches the failure
 * only through copies of accelerated threads, which have no concrete schedule, so it says
 * unknown; dpor (and the auto portfolio) find it with a witness.
 * check-flags: --no-deadlocks
 * check-states: unknown
 */
#include <assert.h>
#include <pthread.h>
int count;
void *worker(void *arg) {
    int c = count;
    count = c + 1;
    assert(count > c);
    assert(count != 2 || c == 1);
    return 0;
}
int main(void) {
    pthread_t t;
    while (1)
        pthread_create(&t, 0, worker, 0);
}

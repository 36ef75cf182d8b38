/* ravel-test
 * main creates threads forever; each enters a critical section guarded by a flag it
 * tests and sets without atomicity, so two threads can be inside at once. The states
 * engine reaches the failure only through copies of accelerated threads, which have no
 * concrete schedule, so it says unknown (after exploring the finitely many abstract
 * states); dpor, and the auto portfolio, find it with a witness.
 * check-flags: --no-deadlocks
 * check-states: unknown
 */
#include <assert.h>
#include <pthread.h>
int busy, inside;
void *worker(void *arg) {
    if (!busy) {
        busy = 1;
        inside = 1;
        assert(inside == 1);
        inside = 0;
        busy = 0;
    }
    return 0;
}
int main(void) {
    pthread_t t;
    while (1)
        pthread_create(&t, 0, worker, 0);
}

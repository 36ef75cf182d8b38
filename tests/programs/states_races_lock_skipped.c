/* ravel-test
 * three threads update a counter under a lock built from atomic functions, but the first
 * one to claim a flag skips the lock: it and a locked thread reach plain accesses to the
 * counter together, a race the states engine reports with a concrete schedule (its
 * witness replays)
 * check-all: unsafe data-race
 * check-states-races: unsafe data-race
 * check-flags: --abort-is-assume
 */
#include <pthread.h>
extern void abort(void);
int lock, claimed;
unsigned count;
void __VERIFIER_atomic_acquire(void) {
    if (lock != 0) abort();
    lock = 1;
}
void __VERIFIER_atomic_release(void) { lock = 0; }
int __VERIFIER_atomic_claim(void) {
    int first = !claimed;
    claimed = 1;
    return first;
}
void *worker(void *p) {
    if (__VERIFIER_atomic_claim()) {
        count = count == 2 ? 0 : count + 1;
        return 0;
    }
    __VERIFIER_atomic_acquire();
    count = count == 2 ? 0 : count + 1;
    __VERIFIER_atomic_release();
    return 0;
}
int main(void) {
    pthread_t t;
    for (int i = 0; i < 3; i++) pthread_create(&t, 0, worker, 0);
    return 0;
}

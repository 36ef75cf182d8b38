/* ravel-test
 * threads created without bound update a counter under a lock built from atomic
 * functions: no two plain accesses to it can ever be enabled together, which the states
 * engine proves for any number of threads (dpor can only bound the threads)
 * check-states-races: safe
 * check-flags: --no-deadlocks --abort-is-assume
 */
#include <pthread.h>
extern void abort(void);
int lock;
unsigned count;
void __VERIFIER_atomic_acquire(void) {
    if (lock != 0) abort();
    lock = 1;
}
void __VERIFIER_atomic_release(void) { lock = 0; }
void *worker(void *p) {
    __VERIFIER_atomic_acquire();
    count = count == 2 ? 0 : count + 1;
    __VERIFIER_atomic_release();
    return 0;
}
int main(void) {
    pthread_t t;
    while (1) pthread_create(&t, 0, worker, 0);
}

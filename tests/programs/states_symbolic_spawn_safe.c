/* ravel-test
 * main creates threads forever; each draws two inputs and checks a property of them
 * that always holds. Every thread's inputs are fresh, so states repeat only up to a
 * renaming of the inputs, and constraints on a finished thread's inputs must be
 * forgotten; then the states engine proves it for any number of threads.
 * check-flags: --no-deadlocks
 * check-states: safe
 */
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);
int busy;
void *worker(void *arg) {
    int x = __VERIFIER_nondet_int();
    int y = __VERIFIER_nondet_int();
    int same;
    __VERIFIER_atomic_begin();
    busy = 1;
    same = x == y;
    __VERIFIER_atomic_end();
    if (same ? x != y : x == y)
        reach_error();
    busy = 0;
    return 0;
}
int main(void) {
    pthread_t t;
    while (1)
        pthread_create(&t, 0, worker, 0);
}

/* ravel-test
 * main creates threads forever; each replaces a shared seed by a fresh nonzero input
 * different from the old one, and every thread checks, without the lock, that the seed
 * is nonzero. A thread holding an old seed is tied to the current one by `new != old`,
 * and that chain of inputs never repeats; forgetting what ties different threads' inputs
 * together (--cartesian) makes the states repeat, and the proof holds for any number of
 * threads.
 * check-flags: --no-deadlocks --cartesian
 * check-states: safe
 */
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);
int seed = 1;

void *thr(void *arg) {
    int read, next;
    if (seed == 0)
        reach_error();
    __VERIFIER_atomic_begin();
    read = seed;
    do
        next = __VERIFIER_nondet_int();
    while (next == read || next == 0);
    seed = next;
    __VERIFIER_atomic_end();
    return 0;
}

int main(void) {
    pthread_t t;
    while (1)
        pthread_create(&t, 0, thr, 0);
}

/* ravel-test
 * Safe: the counter only ever holds even numbers up to 100. Forgetting its value
 * (--cartesian widens globals that differ from a state on the current path) keeps only
 * that it is positive, and then an odd value looks possible: that must give unknown,
 * never unsafe. Without --cartesian the states engine proves it (100 values).
 * check-flags: --no-deadlocks --cartesian
 * check-states: unknown
 */
#include <pthread.h>
extern void reach_error(void);
void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);
unsigned counter;

void *thr(void *arg) {
    __VERIFIER_atomic_begin();
    if (counter < 100)
        counter += 2;
    if (counter % 2 != 0)
        reach_error();
    __VERIFIER_atomic_end();
    return 0;
}

int main(void) {
    pthread_t t;
    while (1)
        pthread_create(&t, 0, thr, 0);
}

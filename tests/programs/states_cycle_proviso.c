/* ravel-test
 * one thread loops forever on branches of fresh inputs of its own, each a step the states
 * engine may take alone, while the failing assertion needs the other threads to run: where
 * those steps come back to a state seen before, every thread gets its turn (the cycle
 * proviso of partial-order reduction), so the failure is found
 * check-states: unsafe assertion-failure
 */
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int x;
void *spin(void *p) {
    int last = 0;
    while (1) {
        if (__VERIFIER_nondet_int())
            last = 1;
        else
            last = 0;
    }
    return (void *)(long)last;
}
void *set(void *p) {
    x = 1;
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, spin, 0);
    pthread_create(&b, 0, set, 0);
    assert(x == 0);
    return 0;
}

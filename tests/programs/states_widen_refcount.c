/* ravel-test
 * main creates threads forever; each loops forever taking and dropping references on a
 * counter under a lock flag, and checks the flag inside its critical sections. The
 * counter makes every turn a new state; with --cartesian the states engine forgets the
 * value of a global that differs from a state on the current path that is otherwise the
 * same (widening), and proves the program for any number of threads and any count.
 * check-flags: --no-deadlocks --cartesian
 * check-states: safe
 */
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);
int locked;
unsigned refs;

void acquire(void) {
    __VERIFIER_atomic_begin();
    __VERIFIER_assume(!locked);
    locked = 1;
    __VERIFIER_atomic_end();
}

void release(void) {
    __VERIFIER_atomic_begin();
    locked = 0;
    __VERIFIER_atomic_end();
}

void *thr(void *arg) {
    while (1) {
        acquire();
        if (!locked)
            reach_error();
        if (__VERIFIER_nondet_int())
            refs++;
        else if (refs > 0)
            refs--;
        release();
    }
    return 0;
}

int main(void) {
    pthread_t t;
    while (1)
        pthread_create(&t, 0, thr, 0);
}

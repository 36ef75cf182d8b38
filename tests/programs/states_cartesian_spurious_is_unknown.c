/* ravel-test
 * Safe: under the mutex a thread replaces the seed by an input different from the one
 * it read, so the seed then differs from it. With --cartesian the states engine forgets
 * `next != old` between the thread's own input and the shared one at the scheduling
 * point in between, and then the error looks reachable: that must give unknown, never
 * unsafe.
 * check: safe
 * check-flags: --cartesian
 * check-states: unknown
 */
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int seed = 1;

void *thr(void *arg) {
    pthread_mutex_lock(&m);
    int old = seed;
    int next = __VERIFIER_nondet_int();
    if (next != old) {
        seed = next;
        if (seed == old)
            reach_error();
    }
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, thr, 0);
    pthread_create(&b, 0, thr, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}

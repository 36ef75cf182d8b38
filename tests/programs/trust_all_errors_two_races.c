/* ravel-test
 * Races on x and on y: with --all-errors each is reported exactly once (a race is keyed by
 * its two places, whichever access came first), also under sync, where both races lie in
 * one transition (each witness names which of its races it shows).
 * check-flags: --all-errors
 * check: unsafe data-race
 * check-all: unsafe data-race
 * report: check --all-errors --interleave all --engine dpor
 */
#include <pthread.h>
int x, y;
void *t1(void *a) { x = 1; y = 1; return 0; }
void *t2(void *a) { x = 2; y = 2; return 0; }
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, t1, 0);
    pthread_create(&b, 0, t2, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}

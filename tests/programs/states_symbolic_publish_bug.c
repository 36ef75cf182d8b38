/* ravel-test
 * main creates three threads; one whose input is 42 publishes it, and a thread that then
 * sees the published value fails. Every state is concrete (no thread count is
 * accelerated), so the states engine reports it with a witness that replays (the inputs
 * are solved), after pausing at each branch on an input.
 * check-flags: --no-deadlocks
 * check-states: unsafe reach-error
 */
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int published;
void *worker(void *arg) {
    int x = __VERIFIER_nondet_int();
    if (published == 42)
        reach_error();
    if (x == 42)
        published = x;
    return 0;
}
int main(void) {
    pthread_t t;
    for (int i = 0; i < 3; i++)
        pthread_create(&t, 0, worker, 0);
    return 0;
}

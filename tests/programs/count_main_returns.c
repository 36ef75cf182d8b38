/* ravel-test
 * main reads, then returns without joining while a writer may still run: 6
 * run: ok
 * check-all: safe executions=6
 * check-flags: --no-races
 */
/* Derivation. Thread a: W1 (x = 1), W2 (x = 2). Main: creates a, R (read x), E (return,
 * which ends the program and so conflicts with every event). R conflicts with both
 * writes: it falls in slot 0 (before W1), 1 (between) or 2 (after W2). E comes after R
 * and cuts a off at a slot >= R's (a's remaining writes never happen):
 *   R in slot 0: E in slot 0, 1 or 2   3
 *   R in slot 1: E in slot 1 or 2      2
 *   R in slot 2: E in slot 2           1
 * 3 + 2 + 1 = 6. (a's end is part of its W2 step, not a step of its own.)
 * The frozen sleep-set baseline reports 3: it reverses the ending step only with
 * the latest step of each other thread. `ravel check --engine naive` finds 6 schedules,
 * pairwise inequivalent (every pair of events across the threads conflicts). */
#include <pthread.h>
long x;
void *a(void *p) { x = 1; x = 2; return 0; }
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, a, 0);
    long r = x;
    (void)r;
    return 0;
}

/* ravel-test
 * main reads, then returns without joining while a writer may still run: 3
 * run: ok
 * run-flags: --no-races (a litmus test: its races are the point; run checks the output)
 * check-all: safe executions=3
 * check-flags: --no-races
 */
/* Derivation. Thread a: W1 (x = 1), W2 (x = 2). Main: creates a, R (read x), E (return).
 * R conflicts with both writes: it falls in slot 0 (before W1), 1 (between) or 2 (after
 * W2): 3. The exit waits until a has ended (docs/exploration.md, "Ending the program"),
 * so it cuts nothing: the same 3 classes as with a join. (When it could cut a short,
 * before issue 44, E took any slot >= R's: 3 + 2 + 1 = 6, each a prefix of one of the 3.)
 * (a's end is part of its W2 step, not a step of its own.) */
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

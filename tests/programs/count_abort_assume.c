/* ravel-test
 * abort() as an assumption: a reader aborts if it saw neither of two writes: 4 complete, 5 cut off
 * check-all: safe executions=4 blocked=5
 * check-flags: --no-races --abort-is-assume
 */
/* No `run:` line: whether abort() is called depends on the schedule (exit status 134 or 0).
 * Derivation. Writers W1 (x = 1), W2 (x = 2); reader: R (read x), then A = abort() if it
 * read 0. A ends the program, so it conflicts with everything; an execution that aborts
 * counts as blocked (like a failed assumption), not as complete.
 * Complete: R after at least one write. 2 write orders * R in slot 1 or 2 = 4.
 * Blocked: R before both writes (reads 0), then A; before A, the writes that ran form an
 * ordered prefix: none, W1 only, W2 only, W1 W2, W2 W1 = 5 (the rest never happen).
 * Main joins the reader first, so no join of main can run before A.
 * The frozen sleep-set baseline reports blocked=2 (the ending step is reversed only
 * with the latest step of each other thread); naive finds the 5 blocked schedules. */
#include <pthread.h>
#include <stdlib.h>
long x;
void *w1(void *p) { x = 1; return 0; }
void *w2(void *p) { x = 2; return 0; }
void *rd(void *p) { if (x == 0) abort(); return 0; }
int main(void) {
    pthread_t t[3];
    pthread_create(&t[0], 0, w1, 0);
    pthread_create(&t[1], 0, w2, 0);
    pthread_create(&t[2], 0, rd, 0);
    pthread_join(t[2], 0);
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    return 0;
}

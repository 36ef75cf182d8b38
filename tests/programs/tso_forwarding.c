/* ravel-test
 * Store forwarding (SB with reads of one's own store, "n6"-like): a thread's load of a
 * location it has a buffered store to takes the buffered value, even though other threads
 * do not see it yet. r1 = 1, r2 = 0, r3 = 1, r4 = 0 is then reachable under TSO (both
 * stores buffered, own loads forwarded, the other loads from memory) and not under SC.
 * SC: 3 classes, as SB (the own loads conflict with nothing the other thread writes).
 * run: ok
 * run-flags: --no-races (a litmus test: its races are the point; run checks the output)
 * check-all: safe executions=3
 * check-tso: unsafe assertion-failure
 * check-flags: --no-races
 */
#include <assert.h>
#include <pthread.h>
int x, y, r1, r2, r3, r4;
static void *a(void *p) { x = 1; r1 = x; r2 = y; return 0; }
static void *b(void *p) { y = 1; r3 = y; r4 = x; return 0; }
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, a, 0);
    pthread_create(&t[1], 0, b, 0);
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    assert(!(r1 == 1 && r2 == 0 && r3 == 1 && r4 == 0));
    return 0;
}

/* ravel-test
 * a thread writes then calls exit(3) while another thread writes twice: 3
 * run: ok
 * run-flags: --no-races (a litmus test: its races are the point; run checks the output)
 * exit: 3
 * check-all: safe executions=3
 * check-flags: --no-races
 */
/* Derivation. Thread b (created first): B1 (x = 2), B2 (x = 3). Thread a: A (x = 1), then
 * X = exit(3). The exit waits until no other thread can run (docs/exploration.md, "Ending
 * the program"): main blocks joining a (a never ends normally) and b runs both writes, so
 * every execution has B1, B2 and A; A conflicts with both writes and sits in one of 3
 * positions among them: 3. Every execution exits with status 3. (When the exit could cut
 * b short, before issue 44, b had run k = 0, 1 or 2 writes at X and A one of k + 1
 * positions: 1 + 2 + 3 = 6; those cut executions are prefixes of the 3.) main's read of
 * x after the joins is never reached, but without a read anywhere the stores would be no
 * scheduling points. */
#include <pthread.h>
#include <stdlib.h>
long x;
void *b(void *p) { x = 2; x = 3; return 0; }
void *a(void *p) { x = 1; exit(3); }
int main(void) {
    pthread_t ta, tb;
    pthread_create(&tb, 0, b, 0);
    pthread_create(&ta, 0, a, 0);
    pthread_join(ta, 0);
    pthread_join(tb, 0);
    return (int)x; /* never reached; it makes x a read location (see unread_global_*.c) */
}

/* ravel-test
 * Store buffering (SB), the litmus test TSO is known by: each thread stores, then loads the
 * other's variable. Under SC one store comes first, so some load sees 1 (3 classes: the
 * four orders of the two store/load pairs minus the cyclic one). Under TSO both stores can
 * still sit in their buffers when the loads run: r1 = r2 = 0 is allowed.
 * run: ok
 * run-flags: --no-races (a litmus test: its races are the point; run checks the output)
 * check-all: safe executions=3
 * check-tso: unsafe assertion-failure
 * check-flags: --no-races
 */
#include <assert.h>
#include <pthread.h>
int x, y, r1, r2;
static void *a(void *p) { x = 1; r1 = y; return 0; }
static void *b(void *p) { y = 1; r2 = x; return 0; }
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, a, 0);
    pthread_create(&t[1], 0, b, 0);
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    assert(r1 == 1 || r2 == 1);
    return 0;
}

/* ravel-test
 * two threads write one variable twice each: every pair conflicts, C(4,2) = 6
 * run: ok
 * run-flags: --no-races (a litmus test: its races are the point; run checks the output)
 * check-all: safe executions=6
 * check-flags: --no-races
 */
/* Derivation. All four events are writes of x, so every interleaving of the two
 * program-ordered pairs is its own class: C(4,2) = 6. Whatever the order, the last write
 * is a thread's second one, so x ends as 2 or 4. */
#include <pthread.h>
#include <assert.h>
long x;
void *a(void *p) { x = 1; x = 2; return 0; }
void *b(void *p) { x = 3; x = 4; return 0; }
int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, 0, a, 0);
    pthread_create(&t2, 0, b, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    assert(x == 2 || x == 4);
    return 0;
}

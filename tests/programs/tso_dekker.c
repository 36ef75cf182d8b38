/* ravel-test
 * Dekker-style mutual exclusion without fences (the entry protocol is SB): correct under
 * SC, broken under TSO where both flags can still be buffered when each thread checks the
 * other's.
 * run: ok
 * run-flags: --no-races (a litmus test: its races are the point; run checks the output)
 * check-all: safe
 * check-tso: unsafe assertion-failure
 * check-flags: --no-races
 */
#include <assert.h>
#include <pthread.h>
int flag0, flag1, inside;
static void *t0(void *p) {
    flag0 = 1;
    if (flag1 == 0) {
        inside++;
        assert(inside == 1);
        inside--;
    }
    return 0;
}
static void *t1(void *p) {
    flag1 = 1;
    if (flag0 == 0) {
        inside++;
        assert(inside == 1);
        inside--;
    }
    return 0;
}
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, t0, 0);
    pthread_create(&t[1], 0, t1, 0);
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    return 0;
}

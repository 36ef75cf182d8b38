/* ravel-test
 * A reordering found in one variant of a branch on an input must be explored in that
 * variant. With `delayed` true P0 writes y=0 and P1 can read it between P0's two writes;
 * main reads cnt first in the leftmost execution, and reversing that read with the
 * increments gives sequences that follow P0's branch on `delayed`. The wakeup tree once
 * matched them with the branch's other variant (false, where y keeps 1), so dpor said
 * safe while naive found the failure.
 * check: unsafe assertion-failure
 * check-all: unsafe assertion-failure
 * check-flags: --no-races
 */
#include <assert.h>
#include <pthread.h>
extern _Bool __VERIFIER_nondet_bool(void);
int cnt, b1, y, delayed;
void *p0(void *a) {
    delayed = __VERIFIER_nondet_bool();
    y = delayed ? 0 : y;
    y = 1;
    cnt = cnt + 1;
    return a;
}
void *p1(void *a) {
    b1 = y;
    cnt = cnt + 1;
    return a;
}
int main(void) {
    y = 1;
    pthread_t t0, t1;
    pthread_create(&t0, 0, p0, 0);
    pthread_create(&t1, 0, p1, 0);
    if (cnt != 2)
        return 0;
    assert(b1 != 0);
    return 0;
}

/* ravel-test
 * run: ok
 * seeds: 10
 */
#include <assert.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void);

/* Holds for every nondeterministic value that satisfies the assumption;
 * paths where the assumption fails are simply cut off. */
int main(void) {
    int x = __VERIFIER_nondet_int();
    int y = __VERIFIER_nondet_int();
    __VERIFIER_assume(x >= 0 && x < 1000);
    __VERIFIER_assume(y > 0 && y < 50);
    int q = x / y, r = x % y;
    if (q * y + r != x || r < 0 || r >= y) reach_error();
    int s = 0;
    for (int i = 0; i < y; i++) s += x;
    assert(s == x * y);
    return 0;
}

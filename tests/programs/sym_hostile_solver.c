/* ravel-test
 * A hostile input: a 64-bit non-linear constraint (a Fermat cube equation with large
 * factors) the solver cannot decide within its time limit. The verdict must be unknown with
 * the reason, never safe.
 * check: unknown
 * check-flags: --solver-timeout 1
 */
#include <assert.h>
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void __VERIFIER_assume(int);
int main(void) {
    unsigned long a = __VERIFIER_nondet_ulong(), b = __VERIFIER_nondet_ulong(), c = __VERIFIER_nondet_ulong();
    __VERIFIER_assume(a > 1000000 && b > 1000000 && c > 1000000);
    __VERIFIER_assume(a < 100000000000UL && b < 100000000000UL && c < 100000000000UL);
    if (a * a * a * 7 + b * b * b * 13 == c * c * c * 11 + a * b * c)
        assert(0);
    return 0;
}

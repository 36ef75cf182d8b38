/* ravel-test
 * A value made abstract with ravel_abstract_int: the branch on it does not split paths
 * (one value is followed), so an assertion that fails for other values goes unseen and
 * the verdict can only be unknown. Natively the value passes through.
 * run: ok
 * stdout: small
 * check: unknown executions=1
 * check-unfold: unknown
 */
#include <assert.h>
#include <ravel.h>
#include <stdio.h>
int main(void) {
    int x = ravel_abstract_int(ravel_nondet_int());
    if (x > 1000)
        assert(x < 2000);
    printf("%s\n", x > 1000 ? "large" : "small");
    return 0;
}

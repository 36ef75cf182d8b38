/* ravel-test
 * SV-COMP's assume_abort_if_not cuts infeasible paths with abort(): that exact idiom
 * stays an assumption, so this program is safe.
 * check: safe
 * check-all: safe
 */
#include <pthread.h>
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) {
    if (!cond)
        abort();
}
int main(void) {
    int x = __VERIFIER_nondet_int();
    assume_abort_if_not(x > 0 && x < 10);
    assert(x != 0);
    return 0;
}

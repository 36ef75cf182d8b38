/* ravel-test
 * A hostile input: a million branches on one symbolic value, each with a feasible other
 * side. The exploration must stop at the symbolic-branch limit with verdict unknown
 * (and a reason), not run for hours.
 * check: unknown
 * check-flags: --max-sym-branches 300
 */
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int hits;
int main(void) {
    int x = __VERIFIER_nondet_int();
    for (int i = 0; i < 1000000; i++)
        if (x == i)
            hits++;
    return 0;
}

/* ravel-test
 * A symbolic input converted to floating point is made concrete (ravel has no floating-point
 * theory): the branch on the double cannot explore its other side, so the verdict must be
 * unknown (with the place where it happened), never safe.
 * check: unknown
 */
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int x = __VERIFIER_nondet_int();
    double d = x * 0.5;
    if (d > 1000.0)
        return 1;
    return 0;
}

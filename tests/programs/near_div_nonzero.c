/* ravel-test
 * run: ok
 * stdout: 100 0
 * stdout: -6 -1
 * stdout: -439208192231179800 -8
 * stdout: guarded 0
 * stdout: float inf -inf
 */
#include <stdio.h>
#include <stdint.h>

int main(void) {
    volatile int a = 7;
    int d = a - 6; /* computed, but nonzero */
    printf("%d %d\n", 100 / d, 100 % d);
    int n = 0;
    for (int i = 0; i < 3; i++) n += 2;
    printf("%d %d\n", -37 / n, -37 % n);
    int64_t big = INT64_MIN;
    int64_t m = (int64_t)a * 3;
    printf("%lld %lld\n", (long long)(big / m), (long long)(big % m));
    unsigned u = 0;
    if (u != 0) printf("never %u\n", 10 / u);
    printf("guarded %u\n", u ? 10 / u : 0);
    double zero = 0.0;
    printf("float %g %g\n", 1.0 / zero, -1.0 / zero); /* IEEE: not an error */
    return 0;
}

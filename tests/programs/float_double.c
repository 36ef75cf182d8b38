/* ravel-test
 * run: ok
 * stdout: 0.3333333333 0.3333333433
 * stdout: 0
 * stdout: 0.30000000000000004
 * stdout: inf -inf
 * stdout: 3 -3 2
 * stdout: -1000000000000000000
 * stdout: 4000000000
 * stdout: 18000000000000000000
 * stdout: 9007199254740992.0 16777217.0
 * stdout: 16777216.0
 * stdout: -3.50 -3.50
 * stdout: inf
 * stdout: 0 1 0
 * stdout: -0 -0 -inf
 * stdout: 1.634984
 * stdout: 2.750 62.500
 * stdout: 1.234568e+05 1.230000E-04
 * stdout: 1e-05 1.23457e+08 0.0001 1.5
 */
#include <stdio.h>
#include <stdint.h>

int main(void) {
    double a = 1.0 / 3.0;
    float b = 1.0f / 3.0f;
    printf("%.10f %.10f\n", a, (double)b);
    printf("%d\n", 0.1 + 0.2 == 0.3);
    printf("%.17g\n", 0.1 + 0.2);
    double big = 1e300;
    printf("%g %g\n", big * 10.0 * 1e10, -big * 1e300);
    printf("%d %d %d\n", (int)3.99, (int)-3.99, (int)2.5f);
    printf("%lld\n", (long long)-1e18);
    printf("%u\n", (unsigned)4000000000.0);
    printf("%llu\n", (unsigned long long)1.8e19);
    printf("%.1f %.1f\n", (double)(int64_t)9007199254740993LL, (double)16777217);
    printf("%.1f\n", (double)(float)16777217);
    int i = -7;
    double di = i;
    printf("%.2f %.2f\n", di / 2, di * 0.5f);
    float x = 3.0e38f;
    float y = x * 10.0f; /* rounded to float: overflows to inf */
    printf("%g\n", (double)y);
    double zero = 0.0;
    double nan = zero / zero;
    printf("%d %d %d\n", nan == nan, nan != nan, nan < 1.0);
    double inf = big * big;
    printf("%g %g %g\n", -0.0, 1.0 / -inf, -inf);
    double acc = 0;
    for (int k = 1; k <= 100; k++) acc += 1.0 / ((double)k * k);
    printf("%.6f\n", acc);
    printf("%.3f %.3f\n", 2.0f * 1.5f - 0.25f, (double)(uint8_t)250 / 4);
    printf("%e %E\n", 123456.789, 0.000123);
    printf("%g %g %g %g\n", 1e-5, 123456789.0, 0.0001, 1.5);
    return 0;
}

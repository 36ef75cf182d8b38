/* ravel-test
 * run: ok
 * stdout: add 1 -2147483648
 * stdout: add 0 42
 * stdout: sub 1 2147483647
 * stdout: subu 1 4294967295
 * stdout: mul 1 0
 * stdout: mul 0 2147441940
 * stdout: mulll 0 9000000000000000000
 * stdout: mulll 1 -2446744073709551616
 * stdout: adduc 1 44
 * stdout: mixed 1 4294967295
 * stdout: mulsh 1 5536
 * stdout: sadd 0 2147483647
 * stdout: umul 1 0
 * stdout: ssubll 1 9223372036854775807
 */
#include <stdio.h>
#include <limits.h>

int main(void) {
    int r;
    unsigned u;
    long long ll;
    unsigned char uc;
    short sh;
    int o;
    o = __builtin_add_overflow(INT_MAX, 1, &r);
    printf("add %d %d\n", o, r);
    o = __builtin_add_overflow(40, 2, &r);
    printf("add %d %d\n", o, r);
    o = __builtin_sub_overflow(INT_MIN, 1, &r);
    printf("sub %d %d\n", o, r);
    o = __builtin_sub_overflow(0u, 1u, &u);
    printf("subu %d %u\n", o, u);
    o = __builtin_mul_overflow(65536, 65536, &r);
    printf("mul %d %d\n", o, r);
    o = __builtin_mul_overflow(46341, 46340, &r);
    printf("mul %d %d\n", o, r);
    o = __builtin_mul_overflow(3000000000LL, 3000000000LL, &ll);
    printf("mulll %d %lld\n", o, ll);
    o = __builtin_mul_overflow(4000000000LL, 4000000000LL, &ll);
    printf("mulll %d %lld\n", o, ll);
    o = __builtin_add_overflow(200, 100, &uc);
    printf("adduc %d %u\n", o, uc);
    o = __builtin_add_overflow(-1, 0, &u);
    printf("mixed %d %u\n", o, u);
    o = __builtin_mul_overflow(-300, 200, &sh);
    printf("mulsh %d %d\n", o, sh);
    o = __builtin_sadd_overflow(INT_MAX - 5, 5, &r);
    printf("sadd %d %d\n", o, r);
    o = __builtin_umul_overflow(0x10000u, 0x10000u, &u);
    printf("umul %d %u\n", o, u);
    o = __builtin_ssubll_overflow(LLONG_MIN, 1, &ll);
    printf("ssubll %d %lld\n", o, ll);
    return 0;
}

/* ravel-test
 * run: ok
 * clang: -m32
 * stdout: ULONG_MAX 4294967295
 * stdout: wrapped 0
 * stdout: LONG_MAX 2147483647 LONG_MIN -2147483648
 * stdout: mul overflow 1 1410065408
 * stdout: add overflow 1 -2147483648
 * stdout: unsigned mul 1410065408
 * stdout: long long still wide 4294967294
 * stdout: shift 2147483648 1
 * stdout: div -3 -1
 * stdout: 1
 */
#include <stdio.h>
#include <limits.h>

int main(void) {
    unsigned long ul = ULONG_MAX;
    printf("ULONG_MAX %lu\n", ul);
    ul += 1;
    printf("wrapped %lu\n", ul);
    printf("LONG_MAX %ld LONG_MIN %ld\n", LONG_MAX, LONG_MIN);
    long r;
    int o = __builtin_mul_overflow(100000L, 100000L, &r);
    printf("mul overflow %d %ld\n", o, r);
    o = __builtin_add_overflow(LONG_MAX, 1L, &r);
    printf("add overflow %d %ld\n", o, r);
    unsigned long m = 100000UL * 100000UL;
    printf("unsigned mul %lu\n", m);
    long long ll = (long long)LONG_MAX * 2;
    printf("long long still wide %lld\n", ll);
    unsigned long sh = 1UL << 31;
    printf("shift %lu %lu\n", sh, sh >> 31);
    long q = -7L / 2L, rem = -7L % 2L;
    printf("div %ld %ld\n", q, rem);
    printf("%d\n", (long)-1 < (long long)0xFFFFFFFFU);
    return 0;
}

/* ravel-test
 * run: ok
 * stdout: 340282366920938463426481119284349108225
 * stdout: fffffffffffffffe 1
 * stdout: 340282366920938463463374607431768211455
 * stdout: 0
 * stdout: -1267650600228229401496703205376
 * stdout: -181092942889747057356671886482
 * stdout: -2
 * stdout: 123456789012345678000000000000
 * stdout: 123456788148148160962
 * stdout: 962873266
 * stdout: -15432098626543209750000000000
 * stdout: 1 1
 * stdout: -2 -1
 * stdout: -1
 */
#include <stdio.h>

typedef unsigned __int128 u128;
typedef __int128 i128;

static void print_u128(u128 v) {
    char buf[64];
    int n = 0;
    do { buf[n++] = (char)('0' + (int)(v % 10)); v /= 10; } while (v != 0);
    while (n > 0) putchar(buf[--n]);
    putchar('\n');
}

static void print_i128(i128 v) {
    if (v < 0) { putchar('-'); print_u128((u128)0 - (u128)v); }
    else print_u128((u128)v);
}

int main(void) {
    u128 a = (u128)0xFFFFFFFFFFFFFFFFULL * 0xFFFFFFFFFFFFFFFFULL;
    print_u128(a);
    printf("%llx %llx\n", (unsigned long long)(a >> 64), (unsigned long long)a);
    u128 max = ~(u128)0;
    print_u128(max);
    print_u128(max + 1);
    i128 b = -((i128)1 << 100);
    print_i128(b);
    print_i128(b / 7);
    print_i128(b % 7);
    i128 c = (i128)123456789012345678LL * 1000000000000LL;
    print_i128(c);
    print_u128((u128)c / 1000000007u);
    print_u128((u128)c % 1000000007u);
    print_i128(-c >> 3);
    u128 s = (u128)1 << 127;
    printf("%d %d\n", s > max / 2, (int)(s >> 127));
    i128 neg = -5;
    printf("%d %d\n", (int)(neg / 2), (int)(neg % 2));
    long long lo = (long long)(i128)-1;
    printf("%lld\n", lo);
    return 0;
}

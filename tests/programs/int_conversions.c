/* ravel-test
 * run: ok
 * stdout: 255 -1
 * stdout: 9abcdef0 def0 f0
 * stdout: 18446744073709551614
 * stdout: -32767
 * stdout: -23 233
 * stdout: 1
 * stdout: 3000000000 -1294967296
 * stdout: 60000 -5536
 * stdout: 1 0 1
 * stdout: 0
 * stdout: 1 1
 * stdout: 1
 */
#include <stdio.h>
#include <stdint.h>

int main(void) {
    int8_t s8 = -1;
    uint32_t z = (uint8_t)s8;
    int32_t sx = s8;
    printf("%u %d\n", z, sx);
    uint64_t big = 0x123456789ABCDEF0ULL;
    printf("%x %x %x\n", (uint32_t)big, (uint16_t)big, (uint8_t)big);
    int64_t neg = -2;
    printf("%llu\n", (unsigned long long)(uint64_t)neg);
    printf("%d\n", (int16_t)(uint16_t)0x8001);
    char c = (char)0xE9;
    signed char sc = (signed char)0xE9;
    unsigned char uc = 0xE9;
    printf("%d %d\n", sc, uc);
    printf("%d\n", c == (char)sc);
    uint32_t u = 3000000000u;
    int64_t widened = u;
    int32_t narrowed = (int32_t)u;
    printf("%lld %d\n", (long long)widened, narrowed);
    int16_t a = 30000, b = 30000;
    int sum = a + b;
    int16_t sum16 = (int16_t)(a + b);
    printf("%d %d\n", sum, sum16);
    _Bool t = 42;
    _Bool f = 0.0;
    printf("%d %d %d\n", t, f, (_Bool)0.5);
    uint64_t mixed = (uint64_t)-1 + (uint32_t)1;
    printf("%llu\n", (unsigned long long)mixed);
    unsigned short us = 65535;
    printf("%d %d\n", us + 1 == 65536, (unsigned short)(us + 1) == 0);
    printf("%d\n", (int)(unsigned)-1 == -1);
    return 0;
}

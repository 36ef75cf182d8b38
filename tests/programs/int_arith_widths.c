/* ravel-test
 * run: ok
 * stdout: 4 -56 0 -25536
 * stdout: 1 -2147483648
 * stdout: 18446744073709551615 -9223372036854775808
 * stdout: -3 -1 -3 1
 * stdout: -1285714285 -5
 * stdout: 1333333333 1
 * stdout: -42 -2
 * stdout: 28 4
 * stdout: 8571 3
 * stdout: 17999999874 882
 * stdout: -4 1
 * stdout: 9223372036854775808
 * stdout: -1
 * stdout: -2
 * stdout: 2
 * stdout: -16
 * stdout: 3030 ffff f0 ffffffff
 * stdout: 1410065408
 * stdout: effffffff
 * stdout: 24464
 * stdout: 256 0
 * stdout: 0 1
 */
#include <stdio.h>
#include <stdint.h>

int main(void) {
    uint8_t u8 = 250; u8 += 10;
    int8_t s8 = (int8_t)(uint8_t)200;
    uint16_t u16 = 65535; u16++;
    int16_t s16 = (int16_t)40000;
    uint32_t u32 = 0xFFFFFFFFu; u32 += 2;
    int32_t s32 = (int32_t)0x80000000u;
    uint64_t u64 = 0; u64 -= 1;
    int64_t s64 = INT64_MIN;
    printf("%u %d %u %d\n", u8, s8, u16, s16);
    printf("%u %d\n", u32, s32);
    printf("%llu %lld\n", (unsigned long long)u64, (long long)s64);
    /* division and remainder truncate toward zero */
    printf("%d %d %d %d\n", -7 / 2, -7 % 2, 7 / -2, 7 % -2);
    printf("%lld %lld\n", -9000000000LL / 7, -9000000000LL % 7);
    printf("%u %u\n", 4000000000u / 3u, 4000000000u % 3u);
    int8_t a = -128, b = 3;
    printf("%d %d\n", a / b, a % b);
    uint8_t c = 200, d = 7;
    printf("%d %d\n", c / d, c % d);
    uint16_t e = 60000, f = 7;
    printf("%d %d\n", e / f, e % f);
    uint64_t g = 18000000000000000000ULL;
    printf("%llu %llu\n", (unsigned long long)(g / 1000000007ULL), (unsigned long long)(g % 1000000007ULL));
    /* shifts: arithmetic for signed, logical for unsigned */
    printf("%d %u\n", -16 >> 2, 0x80000000u >> 31);
    printf("%llu\n", 1ULL << 63);
    printf("%lld\n", -1LL >> 40);
    printf("%lld\n", (long long)(INT64_MIN >> 62));
    uint8_t sh = 0x81; sh = (uint8_t)(sh << 1);
    printf("%u\n", sh);
    int8_t ssh = -128; ssh = (int8_t)(ssh >> 3);
    printf("%d\n", ssh);
    /* bitwise */
    printf("%x %x %x %x\n", 0xF0F0u & 0x3C3Cu, 0xF0F0u | 0x0F0Fu, 0xFFu ^ 0x0Fu, ~0u);
    /* unsigned multiplication wraps */
    uint32_t m = 100000u; m *= 100000u;
    printf("%u\n", m);
    uint64_t m64 = 0x100000001ULL * 0xFFFFFFFFFULL;
    printf("%llx\n", (unsigned long long)m64);
    uint16_t m16 = 300; m16 = (uint16_t)(m16 * m16);
    printf("%u\n", m16);
    /* integer promotion of small unsigned types */
    uint8_t p = 0xFF;
    printf("%d %d\n", p + 1, (uint8_t)(p + 1));
    /* comparisons mixing signedness */
    int neg = -1;
    printf("%d %d\n", (unsigned)neg < 1u, (long long)neg < 1LL);
    return 0;
}

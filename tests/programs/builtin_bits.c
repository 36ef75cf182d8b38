/* ravel-test
 * run: ok
 * stdout: popcount 0 16 64
 * stdout: clz 31 0 8
 * stdout: clzll 63 19
 * stdout: ctz 0 31 16
 * stdout: ctzll 63 32
 * stdout: bswap16 3412
 * stdout: bswap32 78563412
 * stdout: bswap64 807060504030201
 * stdout: parity 1 0
 * stdout: ffs 0 4 41
 * stdout: runtime 15 16 5
 * stdout: kernighan 4
 */
#include <stdio.h>
#include <stdint.h>

int main(void) {
    printf("popcount %d %d %d\n", __builtin_popcount(0), __builtin_popcount(0xF0F0F0F0u),
           __builtin_popcountll(0xFFFFFFFFFFFFFFFFULL));
    printf("clz %d %d %d\n", __builtin_clz(1u), __builtin_clz(0x80000000u), __builtin_clz(0x00FF0000u));
    printf("clzll %d %d\n", __builtin_clzll(1ULL), __builtin_clzll(0x0000100000000000ULL));
    printf("ctz %d %d %d\n", __builtin_ctz(1u), __builtin_ctz(0x80000000u), __builtin_ctz(0x00FF0000u));
    printf("ctzll %d %d\n", __builtin_ctzll(0x8000000000000000ULL), __builtin_ctzll(0x100000000ULL));
    printf("bswap16 %x\n", (unsigned)__builtin_bswap16((uint16_t)0x1234));
    printf("bswap32 %x\n", __builtin_bswap32(0x12345678u));
    printf("bswap64 %llx\n", (unsigned long long)__builtin_bswap64(0x0102030405060708ULL));
    printf("parity %d %d\n", __builtin_parity(7u), __builtin_parity(3u));
    printf("ffs %d %d %d\n", __builtin_ffs(0), __builtin_ffs(8), __builtin_ffsll(1LL << 40));
    /* use them on runtime values too */
    volatile unsigned v = 0x00010000u;
    printf("runtime %d %d %d\n", __builtin_clz(v), __builtin_ctz(v), __builtin_popcount(v | 0xF));
    unsigned x = 0xB4u;
    int bits = 0;
    while (x) { x &= x - 1; bits++; }
    printf("kernighan %d\n", bits);
    return 0;
}

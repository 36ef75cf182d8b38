/* ravel-test
 * run: ok
 * stdout: -42 17 3000000000
 * stdout: ff BEEF 10 0xff 010
 * stdout: aB!
 * stdout: str|
 * stdout: -123456 -9000000000000 4000000000 18446744073709551615
 * stdout: 4 -56 4464 44 4464
 * stdout: deadbeef CAFEBABE12345678
 * stdout: 3.141593 0.667 2 -0.1
 * stdout: 1.234568e+03 1.23e-04 1.000000E+100
 * stdout: 0.0001234 123456 1.23457e+06 100 1E-10
 * stdout: %d % 100%
 * stdout: [  3.1|2.500   |-0001.50]
 * stdout: 0x1p+0
 * stdout: -5 7
 */
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>

int main(void) {
    printf("%d %i %u\n", -42, 17, 3000000000u);
    printf("%x %X %o %#x %#o\n", 255, 48879, 8, 255, 8);
    printf("%c%c%c\n", 'a', 66, '!');
    printf("%s|%s\n", "str", "");
    printf("%ld %lld %lu %llu\n", -123456L, -9000000000000LL, 4000000000UL, 18446744073709551615ULL);
    printf("%zu %hhd %hd %hhu %hu\n", sizeof(int), (signed char)200, (short)70000, (unsigned char)300, (unsigned short)70000);
    printf("%lx %llX\n", 0xdeadbeefUL, 0xCAFEBABE12345678ULL);
    printf("%f %.3f %.0f %.1f\n", 3.14159265, 2.0 / 3.0, 2.5, -0.05);
    printf("%e %.2e %E\n", 1234.5678, 0.00012345, 1e100);
    printf("%g %g %g %g %G\n", 0.0001234, 123456.0, 1234567.0, 100.0, 1e-10);
    printf("%%d %% 100%%\n");
    printf("[%5.1f|%-8.3f|%08.2f]\n", 3.14159, 2.5, -1.5);
    printf("%a\n", 1.0);
    printf("%jd %td\n", (intmax_t)-5, (ptrdiff_t)7);
    return 0;
}

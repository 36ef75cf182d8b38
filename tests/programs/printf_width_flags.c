/* ravel-test
 * run: ok
 * stdout: [   42][42   ][00042]
 * stdout: [+5][-5][ 5][-5]
 * stdout: [     7][8   ]
 * stdout: [005][     005][005     ]
 * stdout: [     right][left      ][tr][   abc]
 * stdout: [    0xab][010     ][0000BEEF]
 * stdout: [+1.00][    3.1416][2.2       ][-00003.500]
 * stdout: [+1.234500e+04][  -7.890e-04][0.5][0.500000]
 * stdout: [x][  y][z  ]
 * stdout: [-1][     123456789012345]
 * stdout: [ff][ffff]
 * stdout: abc
 * stdout: printf returned 4
 */
#include <stdio.h>

int main(void) {
    printf("[%5d][%-5d][%05d]\n", 42, 42, 42);
    printf("[%+d][%+d][% d][% d]\n", 5, -5, 5, -5);
    printf("[%*d][%-*d]\n", 6, 7, 4, 8);
    printf("[%.3d][%8.3d][%-8.3d]\n", 5, 5, 5);
    printf("[%10s][%-10s][%.2s][%*.*s]\n", "right", "left", "truncate", 6, 3, "abcdef");
    printf("[%#8x][%-#8o][%08X]\n", 0xab, 8, 0xbeef);
    printf("[%+.2f][%10.4f][%-10.1f][%010.3f]\n", 1.005, 3.14159265, 2.25, -3.5);
    printf("[%+e][%12.3e][%g][%#g]\n", 12345.0, -0.000789, 0.5, 0.5);
    printf("[%c][%3c][%-3c]\n", 'x', 'y', 'z');
    printf("[%lld][%20lld]\n", -1LL, 123456789012345LL);
    printf("[%hhx][%hx]\n", (unsigned char)0x1ff, (unsigned short)0x1ffff);
    int w = printf("abc\n");
    printf("printf returned %d\n", w);
    return 0;
}

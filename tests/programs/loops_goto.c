/* ravel-test
 * run: ok
 * stdout: do-while 45
 * stdout: for 12
 * stdout: goto 67
 * stdout: collatz 111
 * stdout: k 5
 * stdout: comma 11 22
 * stdout: ternary 2
 */
#include <stdio.h>

int main(void) {
    int i = 0, s = 0;
    do { s += i; } while (++i < 10);
    printf("do-while %d\n", s);
    s = 0;
    for (int a = 0; a < 10; a++) {
        if (a % 2) continue;
        if (a > 6) break;
        s += a;
    }
    printf("for %d\n", s);
    int found = -1;
    for (int x = 0; x < 10; x++)
        for (int y = 0; y < 10; y++)
            if (x * y == 42) { found = x * 10 + y; goto done; }
done:
    printf("goto %d\n", found);
    int n = 27, steps = 0;
    while (n != 1) { n = (n % 2) ? 3 * n + 1 : n / 2; steps++; }
    printf("collatz %d\n", steps);
    int k = 0;
again:
    k++;
    if (k < 5) goto again;
    printf("k %d\n", k);
    int c = 10, comma = (c++, c * 2);
    printf("comma %d %d\n", c, comma);
    int t = 5 > 3 ? 5 < 4 ? 1 : 2 : 3;
    printf("ternary %d\n", t);
    return 0;
}

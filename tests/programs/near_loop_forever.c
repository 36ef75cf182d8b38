/* ravel-test
 * run: ok
 * stdout: 12586269025 2000000
 */
#include <stdio.h>

/* Long loops around calls are not mistaken for a loop without progress. */
static long fib(int n) {
    long a = 0, b = 1;
    for (int i = 0; i < n; i++) {
        long c = a + b;
        a = b;
        b = c;
    }
    return a;
}

static int step(int x) { return x + 1; }

int main(void) {
    int count = 0;
    for (int i = 0; i < 2000000; i++)
        count = step(count);
    printf("%ld %d\n", fib(50), count);
    return 0;
}

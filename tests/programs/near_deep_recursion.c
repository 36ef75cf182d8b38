/* ravel-test
 * run: ok
 * stdout: sum 50005000
 * stdout: depth 10000
 */
#include <stdio.h>

static long sum_down(long n) {
    return n == 0 ? 0 : n + sum_down(n - 1);
}

static int depth(int n, int limit) {
    volatile char frame[64];
    frame[n % 64] = (char)n;
    return n == limit ? n : depth(n + 1, limit) + (frame[0] - frame[0]);
}

int main(void) {
    printf("sum %ld\n", sum_down(10000));
    printf("depth %d\n", depth(0, 10000));
    return 0;
}

/* ravel-test
 * run: error stack-overflow
 */
#include <stdio.h>

static int depth(int n) {
    volatile char frame[1024];
    frame[n % 1024] = (char)n;
    if (n < 0) return 0; /* never true: the depth only grows */
    return depth(n + 1) + frame[0];
}

int main(void) {
    printf("%d\n", depth(0));
    return 0;
}

/* ravel-test
 * run: ok
 * stdout: 5
 * check: safe
 */
/* `__builtin_prefetch` is a hint that touches no memory, and code computes its address
 * out of bounds on purpose (libsais prefetches `&T[i - d]` from i = 0): the address of
 * `&b[i - 12]` lands in the block before `b`, which is no error (bzip3 stopped here). */
#include <stdio.h>
#include <stdlib.h>

static int sum(const int *a, int n) {
    int s = 0;
    for (int i = 0; i < n; i++) {
        __builtin_prefetch(&a[i - 12]);
        __builtin_prefetch(&a[i + 64], 0, 1);
        s += a[i];
    }
    return s;
}

int main(void) {
    int *a = calloc(8, sizeof *a);
    int *b = calloc(8, sizeof *b);
    a[3] = 5;
    printf("%d\n", sum(b, 8) + sum(a, 8));
    free(a);
    free(b);
    return 0;
}

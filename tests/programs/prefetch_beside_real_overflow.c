/* ravel-test
 * run: error out-of-bounds
 * check: unsafe out-of-bounds
 */
/* Dropping prefetches (prefetch_address_out_of_bounds.c) keeps real accesses: the read of
 * a[i + 1] past the block is found beside a prefetch of an out-of-bounds address.
 * AddressSanitizer reports the same heap-buffer-overflow natively. */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
    int *a = calloc(8, sizeof *a);
    int s = 0;
    for (int i = 0; i < 8; i++) {
        __builtin_prefetch(&a[i - 12]);
        s += a[i + 1];
    }
    printf("%d\n", s);
    free(a);
    return 0;
}

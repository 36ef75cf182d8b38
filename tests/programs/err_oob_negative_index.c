/* ravel-test
 * run: error out-of-bounds
 */
#include <stdlib.h>

int main(void) {
    long long *a = calloc(4, sizeof *a);
    int i = 3;
    while (i >= -1) { a[i] = i; i--; } /* last iteration writes a[-1] */
    free(a);
    return 0;
}

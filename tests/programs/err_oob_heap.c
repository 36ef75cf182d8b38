/* ravel-test
 * run: error out-of-bounds
 */
#include <stdlib.h>

int main(void) {
    int n = 10;
    int *a = malloc(n * sizeof *a);
    for (int i = 0; i <= n; i++) a[i] = i; /* off by one: writes a[10] */
    free(a);
    return 0;
}

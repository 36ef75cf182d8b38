/* ravel-test
 * run: error invalid-free
 */
#include <stdlib.h>

static void release(int *p) { free(p); }

int main(void) {
    int local[4] = { 1, 2, 3, 4 };
    release(local); /* not from malloc */
    return 0;
}

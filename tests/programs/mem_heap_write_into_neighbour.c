/* ravel-test
 * a far index from one heap block lands inside the next block.
 * run: error out-of-bounds
 * check: unsafe out-of-bounds
 */
#include <stdlib.h>
int main(int argc, char **argv) {
    (void)argv;
    int *p = malloc(16);
    int *q = malloc(64);
    q[0] = 0;
    p[argc + 10] = 5;
    int v = q[0] + q[4] + q[8];
    free(p);
    free(q);
    return v;
}

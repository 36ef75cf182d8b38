/* ravel-test
 * a heap block written one element past its end.
 * run: error out-of-bounds
 * check: unsafe out-of-bounds
 */
#include <stdlib.h>
int main(int argc, char **argv) {
    (void)argv;
    int *p = malloc(4 * sizeof *p);
    p[argc + 3] = 1;
    free(p);
    return 0;
}

/* ravel-test
 * a heap block read past its end.
 * run: error out-of-bounds
 * check: unsafe out-of-bounds
 */
#include <stdlib.h>
int main(int argc, char **argv) {
    (void)argv;
    int *p = calloc(4, sizeof *p);
    int v = p[argc + 4];
    free(p);
    return v;
}

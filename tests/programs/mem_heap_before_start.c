/* ravel-test
 * a heap block written just before its start.
 * run: error out-of-bounds
 * check: unsafe out-of-bounds
 */
#include <stdlib.h>
int main(int argc, char **argv) {
    (void)argv;
    int *p = malloc(16);
    p[-argc] = 9;
    free(p);
    return 0;
}

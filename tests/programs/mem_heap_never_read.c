/* ravel-test
 * an out-of-bounds store into a heap block that is freed unread.
 * run: error out-of-bounds
 * check: unsafe out-of-bounds
 */
#include <stdlib.h>
int main(int argc, char **argv) {
    (void)argv;
    char *p = malloc(8);
    p[argc + 8] = 'x';
    free(p);
    return 0;
}

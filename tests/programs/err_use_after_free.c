/* ravel-test
 * run: error use-after-free
 */
#include <stdlib.h>

int main(void) {
    int *p = malloc(4 * sizeof *p);
    for (int i = 0; i < 4; i++) p[i] = i;
    int *alias = p + 2;
    free(p);
    return *alias; /* reads freed memory */
}

/* ravel-test
 * run: error invalid-free
 */
#include <stdlib.h>

static char pool[64];

int main(void) {
    char *p = pool;
    p[0] = 'x';
    free(p); /* global storage */
    return 0;
}

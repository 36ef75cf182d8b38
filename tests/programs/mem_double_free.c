/* ravel-test
 * a heap block freed twice.
 * run: error double-free
 * check: unsafe double-free
 */
#include <stdlib.h>
int main(void) {
    char *p = malloc(8);
    free(p);
    free(p);
    return 0;
}

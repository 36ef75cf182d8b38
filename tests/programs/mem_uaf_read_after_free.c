/* ravel-test
 * a read through a pointer after free.
 * run: error use-after-free
 * check: unsafe use-after-free
 */
#include <stdlib.h>
int main(void) {
    int *p = malloc(sizeof *p);
    *p = 4;
    free(p);
    return *p == 4;
}

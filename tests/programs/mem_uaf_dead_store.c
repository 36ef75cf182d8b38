/* ravel-test
 * a store after free that nothing reads (a dead store an optimiser could drop).
 * run: error use-after-free
 * check: unsafe use-after-free
 */
#include <stdlib.h>
int main(void) {
    int *p = malloc(sizeof *p);
    free(p);
    *p = 1;
    return 0;
}

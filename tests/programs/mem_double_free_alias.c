/* ravel-test
 * a heap block freed through two pointers to it.
 * run: error double-free
 * check: unsafe double-free
 */
#include <stdlib.h>
struct node { char *name; };
int main(void) {
    struct node a, b;
    a.name = malloc(8);
    b = a;
    free(a.name);
    free(b.name);
    return 0;
}

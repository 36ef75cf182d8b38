/* ravel-test
 * run: error use-after-free
 */
#include <stdlib.h>

int main(void) {
    int *p = malloc(4 * sizeof *p);
    for (int i = 0; i < 4; i++) p[i] = i;
    int *old = p;
    p = realloc(p, 100000 * sizeof *p); /* a large growth moves the block */
    if (p == old) return 0; /* not moved: nothing to show (no allocator does this here) */
    int v = old[1]; /* stale pointer */
    free(p);
    return v;
}

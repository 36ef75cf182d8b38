/* ravel-test
 * run: ok
 * stdout: 1 4 5
 * stdout: 1 2
 * stdout: 9
 */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    int *p = malloc(4 * sizeof *p);
    for (int i = 0; i < 4; i++) p[i] = i + 1;
    int *q = realloc(p, 100000 * sizeof *q);
    if (!q) return 1;
    p = q; /* only the new pointer is used from here on */
    p[99999] = 5;
    printf("%d %d %d\n", p[0], p[3], p[99999]);
    p = realloc(p, 2 * sizeof *p);
    printf("%d %d\n", p[0], p[1]);
    free(p); /* freeing the result of realloc, not the original */
    int *r = malloc(8);
    free(r);
    r = malloc(8); /* a fresh block after free is fine */
    r[0] = 9;
    printf("%d\n", r[0]);
    free(r);
    return 0;
}

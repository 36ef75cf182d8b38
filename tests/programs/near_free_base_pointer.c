/* ravel-test
 * run: ok
 * stdout: rest efghijklmno offset 4
 * stdout: stack stays on the stack 3
 */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    char *s = malloc(16);
    for (int i = 0; i < 15; i++) s[i] = (char)('a' + i);
    s[15] = '\0';
    char *p = s;
    while (*p && *p != 'e') p++;
    printf("rest %s offset %d\n", p, (int)(p - s));
    free(p - (p - s)); /* back at the start of the block */
    int local[3] = { 1, 2, 3 };
    int *lp = local;
    printf("stack stays on the stack %d\n", lp[2]);
    return 0;
}

/* ravel-test
 * run: error invalid-free
 */
#include <stdlib.h>

int main(void) {
    char *s = malloc(16);
    for (int i = 0; i < 15; i++) s[i] = 'a';
    s[15] = '\0';
    char *p = s;
    while (*p == 'a' && p < s + 4) p++;
    free(p); /* pointer into the middle of the block */
    return 0;
}

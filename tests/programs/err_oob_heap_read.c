/* ravel-test
 * run: error out-of-bounds
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    char *s = malloc(5);
    memcpy(s, "abcde", 5); /* no terminator */
    size_t n = strlen(s);  /* reads past the block */
    printf("%zu\n", n);
    free(s);
    return 0;
}

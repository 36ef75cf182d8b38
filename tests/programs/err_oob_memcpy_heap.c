/* ravel-test
 * run: error out-of-bounds
 */
#include <stdlib.h>
#include <string.h>

int main(void) {
    int src[6] = { 1, 2, 3, 4, 5, 6 };
    int *dst = malloc(5 * sizeof(int));
    memcpy(dst, src, sizeof src); /* 24 bytes into a 20-byte block */
    free(dst);
    return 0;
}

/* ravel-test
 * memcpy of more bytes than the destination holds.
 * run: error out-of-bounds
 * check: unsafe out-of-bounds
 */
#include <string.h>
char src[32] = "0123456789abcdef0123456789abcdef";
int main(int argc, char **argv) {
    (void)argv;
    char dst[16];
    memcpy(dst, src, 16 + (size_t)argc * 8);
    return dst[0];
}

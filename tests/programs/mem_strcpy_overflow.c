/* ravel-test
 * strcpy of a string longer than its destination.
 * run: error out-of-bounds
 * check: unsafe out-of-bounds
 */
#include <string.h>
int main(int argc, char **argv) {
    (void)argc;
    (void)argv;
    char small[4];
    strcpy(small, "overflow");
    return small[0];
}

/* ravel-test
 * run: error out-of-bounds
 */
#include <string.h>

int main(void) {
    char buf[8];
    const char *msg = "this is far too long";
    strcpy(buf, msg);
    return buf[0] == 't' ? 0 : 1;
}

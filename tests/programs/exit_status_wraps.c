/* ravel-test
 * run: ok
 * exit: 1
 * stdout: exit 257
 */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    /* only the low 8 bits of the status are visible: 257 & 0xff == 1 */
    puts("exit 257");
    exit(257);
}

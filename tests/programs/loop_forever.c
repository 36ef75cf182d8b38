/* ravel-test
 * run: unknown
 * stdout: start
 */
#include <stdio.h>

int main(void) {
    int spin = 1;
    puts("start");
    while (spin) {
        /* no side effects: the same state forever */
    }
    return 0;
}

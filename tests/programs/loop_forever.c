/* ravel-test
 * A loop that changes nothing runs forever: the program hangs.
 * run: error hang
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

/* ravel-test
 * inline assembly ravel gives no meaning to stops the run with its text and line.
 * run: unknown
 * check: unknown
 * report: run
 */
#include <stdio.h>
int main(void) {
    unsigned long x = 40, lowest;
    __asm__("bsfq %1, %0" : "=r"(lowest) : "r"(x));
    printf("%lu\n", lowest);
    return 0;
}

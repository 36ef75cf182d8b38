/* ravel-test
 * inline assembly ravel gives no meaning to stops the run with its text and line.
 * run: unknown
 * check: unknown
 * report: run
 */
#include <stdio.h>
int main(void) {
    unsigned lo, hi;
    __asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
    printf("%u\n", lo ^ hi);
    return 0;
}

/* ravel-test
 * x86 atomic assembly ravel does not recognise (`lock; btsl`, a bit test-and-set) stops
 * the run with its text and line, as any unmodelled assembly does.
 * run: unknown
 * check: unknown
 * report: run
 */
#include <stdio.h>
static int flags;
int main(void) {
    unsigned char was;
    __asm__ __volatile__("lock; btsl %2, %0; setc %1" : "+m"(flags), "=q"(was) : "Ir"(3) : "memory");
    printf("%d %d\n", was, flags);
    return 0;
}

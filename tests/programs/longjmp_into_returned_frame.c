/* ravel-test
 * setjmp in a function that then returns; a later longjmp to it jumps into a frame that
 * no longer exists (undefined behaviour; natively it resumes on a dead stack).
 * run: error invalid-longjmp
 * check: unsafe invalid-longjmp
 */
#include <setjmp.h>
#include <stdio.h>
static jmp_buf env;
static int arm(void) {
    return setjmp(env);
}
int main(void) {
    if (arm() == 0)
        longjmp(env, 1);
    puts("unreachable");
    return 0;
}

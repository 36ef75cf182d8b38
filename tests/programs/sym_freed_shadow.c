/* ravel-test
 * A symbolic byte is stored in a heap block that is then freed; a later branch on another
 * input changes the inputs' values, which re-evaluates every shadowed byte still held (the
 * freed block's contents are gone, and are not). Both sides of each branch: 4 paths.
 * check: safe executions=4
 */
#include <stdio.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern char __VERIFIER_nondet_char(void);

char *volatile block;

int main(void) {
    block = malloc(4);
    if (!block) return 0;
    block[0] = __VERIFIER_nondet_char();
    if (block[0] == 'x') printf("x\n");
    free(block);
    if (__VERIFIER_nondet_int() > 10) printf("big\n");
    return 0;
}

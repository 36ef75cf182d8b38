/* ravel-test
 * a parser reports errors by longjmp out of nested calls back to its setjmp, as real
 * programs (pigz, libpng users) do; every local left behind ends there.
 * run: ok
 * stdout: error at 1
 * stdout: parsed 12
 * stdout: error at 3
 * stdout: parsed 7
 * check: safe
 */
#include <setjmp.h>
#include <stdio.h>
static jmp_buf on_error;
static int digit(const char *s, int i) {
    int scratch[4] = {i, i, i, i};
    if (s[i] < '0' || s[i] > '9')
        longjmp(on_error, i + 1);
    return s[i] - '0' + scratch[0] - i;
}
static int sum(const char *s) {
    int total = 0;
    for (int i = 0; s[i]; i++)
        total += digit(s, i);
    return total;
}
static void parse(const char *s) {
    volatile int attempts = 0;
    int where = setjmp(on_error);
    attempts++;
    if (where == 0)
        printf("parsed %d\n", sum(s));
    else
        printf("error at %d\n", where);
}
int main(void) {
    parse("San");
    parse("345");
    parse("12x");
    parse("4003");
    return 0;
}

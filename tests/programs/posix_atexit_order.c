/* ravel-test
 * run: ok
 * exit: 3
 * stdout: main
 * stdout: second
 * stdout: first
 */
#include <stdio.h>
#include <stdlib.h>

static void first(void) { puts("first"); }
static void second(void) { puts("second"); }

int main(void) {
    atexit(first);
    atexit(second);
    puts("main");
    exit(3);
}

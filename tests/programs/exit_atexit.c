/* ravel-test
 * run: ok
 * exit: 3
 * stdout: main body
 * stdout: finishing with 3
 * stdout: handler 3
 * stdout: handler 2
 * stdout: handler 1
 */
#include <stdio.h>
#include <stdlib.h>

static void h1(void) { puts("handler 1"); }
static void h2(void) { puts("handler 2"); }
static void h3(void) { puts("handler 3"); }

static void finish(int code) {
    printf("finishing with %d\n", code);
    exit(code);
}

int main(void) {
    atexit(h1);
    atexit(h2);
    atexit(h3);
    puts("main body");
    finish(3);
    puts("not reached");
    return 0;
}

/* ravel-test
 * run: ok
 * exit: 42
 * stdout: returning 42 from main
 * stdout: atexit after return
 */
#include <stdio.h>
#include <stdlib.h>

static void bye(void) { puts("atexit after return"); }

int main(void) {
    atexit(bye);
    puts("returning 42 from main");
    return 42;
}

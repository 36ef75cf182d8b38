/* ravel-test
 * `check --args` gives the program its arguments, as `run --args` does: the assertion
 * fails only when the first argument is "crash" (without arguments the program is safe).
 * args: crash now
 * check: unsafe assertion-failure
 * run: error assertion-failure
 */
#include <assert.h>
#include <pthread.h>
#include <string.h>
int main(int argc, char **argv) {
    if (argc > 1)
        assert(strcmp(argv[1], "crash") != 0);
    return 0;
}

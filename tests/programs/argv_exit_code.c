/* ravel-test
 * run: ok
 * args: 17
 * exit: 17
 * stdout: exiting with 17
 */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[]) {
    if (argc < 2) return 100;
    int code = (int)strtol(argv[1], NULL, 10);
    printf("exiting with %d\n", code);
    return code;
}

/* ravel-test
 * run: ok
 * args: alpha beta 42 -7
 * stdout: argc 5
 * stdout: argv[1] = alpha (len 5)
 * stdout: argv[2] = beta (len 4)
 * stdout: argv[3] = 42 (len 2)
 * stdout: argv[4] = -7 (len 2)
 * stdout: argv[argc] is null 1
 * stdout: numeric sum 35
 * stdout: modified Alpha
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    printf("argc %d\n", argc);
    for (int i = 1; i < argc; i++) printf("argv[%d] = %s (len %zu)\n", i, argv[i], strlen(argv[i]));
    printf("argv[argc] is null %d\n", argv[argc] == NULL);
    int sum = 0;
    for (int i = 1; i < argc; i++) sum += atoi(argv[i]);
    printf("numeric sum %d\n", sum);
    argv[1][0] = 'A';
    printf("modified %s\n", argv[1]);
    return argc == 5 ? 0 : 1;
}

/* ravel-test
 * run: ok
 * args: -v -n 3 -xfoo rest
 * stdout: verbose 1 n 3 x foo
 * stdout: operand rest
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv) {
    int verbose = 0, n = 0, c;
    const char *x = "";
    while ((c = getopt(argc, argv, "vn:x:")) != -1) {
        switch (c) {
        case 'v': verbose = 1; break;
        case 'n': n = atoi(optarg); break;
        case 'x': x = optarg; break;
        default: return 2;
        }
    }
    printf("verbose %d n %d x %s\n", verbose, n, x);
    for (int i = optind; i < argc; i++)
        printf("operand %s\n", argv[i]);
    return 0;
}

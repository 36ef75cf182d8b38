/* ravel-test
 * run: ok
 * args: --verbose --count=5 --name bob -q file
 * stdout: verbose 1 count 5 name bob quiet 1 next file
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    static int verbose;
    int count = 0, quiet = 0, c;
    const char *name = "";
    static struct option longs[] = {
        {"verbose", no_argument, &verbose, 1},
        {"count", required_argument, 0, 'c'},
        {"name", required_argument, 0, 'N'},
        {0, 0, 0, 0},
    };
    while ((c = getopt_long(argc, argv, "qc:", longs, NULL)) != -1) {
        if (c == 'c') count = atoi(optarg);
        else if (c == 'N') name = optarg;
        else if (c == 'q') quiet = 1;
        else if (c != 0) return 2;
    }
    printf("verbose %d count %d name %s quiet %d next %s\n", verbose, count, name, quiet, argv[optind]);
    return 0;
}

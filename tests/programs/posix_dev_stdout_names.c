/* ravel-test
 * run: ok
 * stdout: to stdout 42
 * stdout: eof on stdin 1
 * check: safe
 */
/* /dev/stdout, /dev/stderr and /dev/stdin name the standard streams (yak writes its
 * output through fopen("/dev/stdout")). Natively with stdout a pipe
 * (`./a.out < /dev/null | cat`) the output is the same. */
#include <stdio.h>
int main(void) {
    FILE *out = fopen("/dev/stdout", "w");
    FILE *err = fopen("/dev/stderr", "w");
    FILE *in = fopen("/dev/stdin", "r");
    if (!out || !err || !in)
        return 1;
    fprintf(out, "to stdout %d\n", 42);
    fprintf(err, "to stderr\n");
    printf("eof on stdin %d\n", fgetc(in) == EOF);
    fclose(out);
    fclose(err);
    fclose(in);
    return 0;
}

/* ravel-test
 * flags: --tty stdout
 * run: ok
 * stdout: isatty 0 1 0
 * stdout: stdout is a character device 1, stdin a pipe 1
 * check: safe
 */
/* `--tty stdout` makes standard output a terminal (as `./prog < in 2> err` in a terminal
 * has it): isatty answers 1 for it, 0 with ENOTTY for the others, and fstat says
 * character device (ravel's standard input stays a pipe). Natively, `script -qc
 * './a.out < /dev/null 2>/dev/null'` prints the same isatty line. */
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

int main(void) {
    struct stat out, in;
    int a = isatty(0), b = isatty(1), c = isatty(2);
    printf("isatty %d %d %d\n", a, b, c);
    fstat(1, &out);
    fstat(0, &in);
    printf("stdout is a character device %d, stdin a pipe %d\n", S_ISCHR(out.st_mode) != 0, S_ISFIFO(in.st_mode) != 0);
    return 0;
}

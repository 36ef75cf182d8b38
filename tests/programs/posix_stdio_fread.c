/* ravel-test
 * run: ok
 * stdout: fopen missing: null ENOENT 1
 * stdout: fread 4 [abcd] eof 0
 * stdout: fread 2 [ef] eof 1 error 0
 * stdout: fileno ok 1
 * stdout: fdopen fread 3 [abc]
 * stdout: clearerr eof 0
 * stdout: stdin fread 0 eof 1
 * stdout: fclose 0 0
 * check: safe executions=1
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Reading a file through C streams: fopen, fread to the end, feof, ferror, fileno,
 * fdopen on a descriptor, clearerr, and the end of an empty stdin. */
int main(void) {
    const char *name = "ravel-stdio-fread.txt";
    int fd = open(name, O_CREAT | O_TRUNC | O_WRONLY, 0644);
    if (fd < 0 || write(fd, "abcdef", 6) != 6) return 1;
    close(fd);

    FILE *missing = fopen("ravel-stdio-no-such-file.txt", "r");
    printf("fopen missing: %s ENOENT %d\n", missing ? "stream" : "null", errno == ENOENT);

    FILE *f = fopen(name, "r");
    if (!f) return 2;
    char buf[8] = {0};
    size_t n = fread(buf, 1, 4, f);
    printf("fread %zu [%.*s] eof %d\n", n, (int)n, buf, feof(f) != 0);
    n = fread(buf, 1, 8, f);
    printf("fread %zu [%.*s] eof %d error %d\n", n, (int)n, buf, feof(f) != 0, ferror(f) != 0);
    printf("fileno ok %d\n", fileno(f) > 2);

    int fd2 = open(name, O_RDONLY);
    FILE *g = fdopen(fd2, "r");
    if (!g) return 3;
    n = fread(buf, 3, 1, g);
    printf("fdopen fread %zu [%.3s]\n", n * 3, buf);
    clearerr(f);
    printf("clearerr eof %d\n", feof(f) != 0);

    n = fread(buf, 1, 4, stdin);
    printf("stdin fread %zu eof %d\n", n, feof(stdin) != 0);
    int a = fclose(f), b = fclose(g);
    printf("fclose %d %d\n", a, b);
    unlink(name);
    return 0;
}

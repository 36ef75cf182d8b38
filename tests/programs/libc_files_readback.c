/* ravel-test
 * run: ok
 * stdout: line 1: first line
 * stdout: line 2: 42 and 3.50
 * stdout: bytes 4 tail xyz!
 * check: safe executions=1
 */
/* A program writes a file through a C stream (fputs, fprintf, fputc, fwrite), then
 * reads it back with fgets, fgetc, ungetc, fread, fseek, ftell and getline. */
#define _GNU_SOURCE
#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(void) {
    const char *name = "ravel-libc-readback.txt";
    FILE *f = fopen(name, "w");
    assert(f);
    assert(fputs("first line\n", f) >= 0);
    assert(fprintf(f, "%d and %.2f\n", 42, 3.5) == 12);
    assert(fputc('x', f) == 'x');
    assert(fwrite("yz!", 1, 3, f) == 3);
    assert(ftell(f) == 27);
    assert(fclose(f) == 0);

    f = fopen(name, "r");
    assert(f);
    char line[64];
    for (int i = 1; i <= 2; i++) {
        assert(fgets(line, sizeof line, f));
        line[strcspn(line, "\n")] = 0;
        printf("line %d: %s\n", i, line);
    }
    int c = fgetc(f);
    assert(c == 'x');
    assert(ungetc(c, f) == 'x');
    assert(ftell(f) == 23);
    char tail[8] = {0};
    size_t n = fread(tail, 1, sizeof tail - 1, f);
    printf("bytes %zu tail %s\n", n, tail);
    assert(fgetc(f) == EOF && feof(f));
    /* A write to a stream opened for reading fails with EBADF and sets the error flag. */
    assert(fputs("no", f) == EOF && errno == EBADF && ferror(f));
    clearerr(f);
    assert(fseek(f, 0, SEEK_SET) == 0 && ftell(f) == 0);
    char *buf = NULL;
    size_t cap = 0;
    assert(getline(&buf, &cap, f) == 11 && strcmp(buf, "first line\n") == 0);
    free(buf);
    rewind(f);
    assert(fgetc(f) == 'f');
    assert(fclose(f) == 0);

    /* "a" appends; "r+" reads and writes at one offset. */
    f = fopen(name, "a");
    fprintf(f, "%s", "+end");
    fclose(f);
    f = fopen(name, "r+");
    assert(fseek(f, -4, SEEK_END) == 0);
    assert(fgets(line, sizeof line, f) && strcmp(line, "+end") == 0);
    assert(fseek(f, 0, SEEK_SET) == 0 && fputc('F', f) == 'F');
    rewind(f);
    assert(fgets(line, sizeof line, f) && strcmp(line, "First line\n") == 0);
    fclose(f);
    assert(unlink(name) == 0);
    assert(fopen(name, "r") == NULL && errno == ENOENT);
    return 0;
}

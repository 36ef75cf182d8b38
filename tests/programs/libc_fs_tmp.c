/* ravel-test
 * run: ok
 * stdout: tmp ok
 * check: safe executions=8
 */
/* Temporary files: mkstemp and friends fill the template's X's with a name that did not
 * exist and open it; tmpfile gives an unnamed read-write stream; two threads making
 * temporary files at once get two files. Expected values as in a native run. */
#define _GNU_SOURCE
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char names[2][32];

static void *make(void *arg) {
    char *name = arg;
    strcpy(name, "/tmp/ravel-libc-tXXXXXX");
    int fd = mkstemp(name);
    assert(fd >= 0);
    close(fd);
    return NULL;
}

int main(void) {
    char t[] = "/tmp/ravel-libc-tmpXXXXXX";
    int fd = mkstemp(t);
    assert(fd >= 0 && strncmp(t, "/tmp/ravel-libc-tmp", 19) == 0 && strcmp(t + 19, "XXXXXX") != 0);
    struct stat st;
    assert(fstat(fd, &st) == 0 && (st.st_mode & 0777) == 0600 && st.st_size == 0);
    assert(write(fd, "hi", 2) == 2);
    close(fd);
    assert(stat(t, &st) == 0 && st.st_size == 2 && unlink(t) == 0);

    char bad[] = "/tmp/ravel-libc-tmpXXXXX";
    assert(mkstemp(bad) == -1 && errno == EINVAL);

    char s[] = "/tmp/ravel-libc-tmpXXXXXX.txt";
    fd = mkostemps(s, 4, O_CLOEXEC);
    assert(fd >= 0 && strcmp(s + strlen(s) - 4, ".txt") == 0 && fcntl(fd, F_GETFD) == FD_CLOEXEC);
    close(fd);
    assert(unlink(s) == 0);

    char d[] = "/tmp/ravel-libc-dirXXXXXX";
    assert(mkdtemp(d) == d && stat(d, &st) == 0 && S_ISDIR(st.st_mode) && (st.st_mode & 0777) == 0700);
    assert(rmdir(d) == 0);

    FILE *f = tmpfile();
    assert(f && fputs("scratch", f) >= 0);
    rewind(f);
    char buf[16] = {0};
    assert(fgets(buf, sizeof buf, f) && strcmp(buf, "scratch") == 0);
    fclose(f);

    pthread_t a, b;
    pthread_create(&a, NULL, make, names[0]);
    pthread_create(&b, NULL, make, names[1]);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(strcmp(names[0], names[1]) != 0);
    assert(unlink(names[0]) == 0 && unlink(names[1]) == 0);
    puts("tmp ok");
    return 0;
}

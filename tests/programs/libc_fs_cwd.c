/* ravel-test
 * run: ok
 * stdout: cwd ok
 * stdout: realpath ok
 * check: safe executions=1
 */
/* The working directory: relative names resolve against it (`x`, `./x`, `d/../x` and the
 * absolute name are one file), getcwd, chdir and fchdir move it, realpath gives absolute
 * names of existing files. Expected values as in a native run. */
#define _GNU_SOURCE
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(void) {
    char start[PATH_MAX], buf[PATH_MAX], name[PATH_MAX + 64];
    assert(getcwd(start, sizeof start) == start && start[0] == '/');
    char *own = getcwd(NULL, 0);
    assert(own && strcmp(own, start) == 0);
    free(own);
    assert(getcwd(buf, 1) == NULL && errno == ERANGE);

    const char *dir = "ravel-libc-cwd-dir";
    assert(mkdir(dir, 0755) == 0);
    assert(mkdir(dir, 0755) == -1 && errno == EEXIST);
    assert(mkdir("ravel-libc-no-such-dir/sub", 0755) == -1 && errno == ENOENT);
    int fd = open("ravel-libc-cwd-dir/../ravel-libc-cwd-dir/./f", O_CREAT | O_WRONLY, 0644);
    assert(fd >= 0 && write(fd, "abc", 3) == 3);
    close(fd);
    snprintf(name, sizeof name, "%s/%s/f", start, dir);
    struct stat st;
    assert(stat(name, &st) == 0 && st.st_size == 3);

    assert(chdir(dir) == 0);
    assert(getcwd(buf, sizeof buf) && strncmp(buf, start, strlen(start)) == 0);
    assert(strcmp(buf + strlen(start), "/ravel-libc-cwd-dir") == 0);
    assert(stat("f", &st) == 0 && st.st_size == 3);
    assert(chdir("f") == -1 && errno == ENOTDIR);
    assert(chdir("nothing-here") == -1 && errno == ENOENT);
    assert(chdir("..") == 0 && getcwd(buf, sizeof buf) && strcmp(buf, start) == 0);
    int d = open(dir, O_RDONLY | O_DIRECTORY);
    assert(d >= 0 && fchdir(d) == 0);
    assert(access("f", F_OK) == 0);
    fd = openat(d, "g", O_CREAT | O_WRONLY, 0600);
    assert(fd >= 0);
    close(fd);
    assert(access("g", F_OK) == 0);
    close(d);
    assert(chdir(start) == 0);
    puts("cwd ok");

    char *r = realpath("ravel-libc-cwd-dir/./f", NULL);
    assert(r && strcmp(r, name) == 0);
    free(r);
    assert(realpath("ravel-libc-cwd-dir/", buf) == buf);
    assert(strncmp(buf, start, strlen(start)) == 0 && strcmp(buf + strlen(start), "/ravel-libc-cwd-dir") == 0);
    assert(realpath("ravel-libc-cwd-dir/missing", buf) == NULL && errno == ENOENT);
    assert(realpath("ravel-libc-cwd-dir/f/..", buf) == NULL && errno == ENOTDIR);
    assert(realpath(".", buf) == buf && strcmp(buf, start) == 0);
    assert(realpath("/", buf) == buf && strcmp(buf, "/") == 0);
    puts("realpath ok");

    assert(rmdir(dir) == -1 && errno == ENOTEMPTY);
    assert(unlink("ravel-libc-cwd-dir/f") == 0 && unlink("ravel-libc-cwd-dir/g") == 0);
    assert(rmdir(dir) == 0);
    assert(rmdir(dir) == -1 && errno == ENOENT);
    return 0;
}

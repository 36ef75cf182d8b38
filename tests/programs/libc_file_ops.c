/* ravel-test
 * run: ok
 * stdout: pread 5 world
 * check: safe executions=1
 */
/* Positioned reads and writes leave the offset alone; ftruncate shrinks and grows with
 * zeros; rename moves a file over another. Expected values as in a native run. */
#define _GNU_SOURCE
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(void) {
    const char *a = "ravel-libc-ops-a.txt", *b = "ravel-libc-ops-b.txt";
    int fd = open(a, O_CREAT | O_TRUNC | O_RDWR, 0644);
    assert(fd >= 0);
    assert(write(fd, "hello world", 11) == 11);
    char buf[16] = {0};
    assert(pread(fd, buf, 5, 6) == 5);
    printf("pread 5 %s\n", buf);
    assert(lseek(fd, 0, SEEK_CUR) == 11);
    assert(pwrite(fd, "W", 1, 6) == 1);
    assert(lseek(fd, 0, SEEK_CUR) == 11);
    assert(pread(fd, buf, sizeof buf, 0) == 11 && memcmp(buf, "hello World", 11) == 0);
    assert(pread(fd, buf, 4, -1) == -1 && errno == EINVAL);
    assert(ftruncate(fd, 5) == 0);
    struct stat st;
    assert(fstat(fd, &st) == 0 && st.st_size == 5);
    assert(ftruncate(fd, 8) == 0);
    assert(pread(fd, buf, sizeof buf, 0) == 8 && memcmp(buf, "hello\0\0\0", 8) == 0);
    close(fd);

    int p[2];
    assert(pipe(p) == 0);
    assert(pread(p[0], buf, 1, 0) == -1 && errno == ESPIPE);
    close(p[0]);
    close(p[1]);

    fd = open(b, O_CREAT | O_TRUNC | O_WRONLY, 0644);
    assert(write(fd, "old", 3) == 3);
    close(fd);
    assert(rename(a, b) == 0);
    assert(access(a, F_OK) == -1 && errno == ENOENT);
    assert(stat(b, &st) == 0 && st.st_size == 8);
    assert(truncate(b, 2) == 0 && stat(b, &st) == 0 && st.st_size == 2);
    assert(rename(a, b) == -1 && errno == ENOENT);
    assert(unlink(b) == 0);
    return 0;
}

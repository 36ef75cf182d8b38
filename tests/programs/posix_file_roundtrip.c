/* ravel-test
 * run: ok
 * stdout: wrote 11
 * stdout: size 11
 * stdout: read 5 world
 * stdout: append size 14
 * stdout: unlinked 0 reopen -1 ENOENT 1
 * check: safe executions=1
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(void) {
    const char *name = "ravel-posix-roundtrip.txt";
    int fd = open(name, O_CREAT | O_TRUNC | O_RDWR, 0644);
    if (fd < 0) return 1;
    printf("wrote %zd\n", write(fd, "hello world", 11));
    struct stat st;
    fstat(fd, &st);
    printf("size %lld\n", (long long)st.st_size);
    char buf[16] = {0};
    lseek(fd, 6, SEEK_SET);
    ssize_t n = read(fd, buf, sizeof buf - 1);
    printf("read %zd %s\n", n, buf);
    close(fd);
    fd = open(name, O_WRONLY | O_APPEND);
    write(fd, "!!!", 3);
    close(fd);
    stat(name, &st);
    printf("append size %lld\n", (long long)st.st_size);
    int u = unlink(name);
    int again = open(name, O_RDONLY);
    printf("unlinked %d reopen %d ENOENT %d\n", u, again, errno == ENOENT);
    return 0;
}

/* ravel-test
 * run: ok
 * stdout: first line starts with root: 1
 * stdout: second read continues: 1
 * check: safe executions=1
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Host files are copied into the in-memory file system on first open (read-only here:
 * a test must not write to the host when checked natively). */
int main(void) {
    char buf[8] = {0};
    int fd = open("/etc/passwd", O_RDONLY);
    if (fd < 0) return 1;
    read(fd, buf, 5);
    printf("first line starts with root: %d\n", strcmp(buf, "root:") == 0);
    char more[2] = {0};
    read(fd, more, 1);
    printf("second read continues: %d\n", more[0] == 'x');
    close(fd);
    return 0;
}

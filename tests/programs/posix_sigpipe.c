/* ravel-test
 * run: ok
 * stdout: write to a closed pipe -1 EPIPE 1
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

int main(void) {
    signal(SIGPIPE, SIG_IGN);
    int fds[2];
    pipe(fds);
    close(fds[0]);
    ssize_t n = write(fds[1], "x", 1);
    printf("write to a closed pipe %zd EPIPE %d\n", n, errno == EPIPE);
    return 0;
}

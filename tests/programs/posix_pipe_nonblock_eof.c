/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: got 3 bytes, then end of file after 0 empty reads
 * check: safe executions=3
 */
/* A non-blocking reader of a pipe polls for it, reads what arrives and stops at end of
 * file: once the writer closed its end, read returns 0 (not -1 with EAGAIN, which means
 * "empty for now"), as an event loop serving a client that hung up expects. The
 * reader counts reads that found the pipe empty; with poll first there are none. Natively
 * checked (the same line). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static int fds[2];

static void *writer(void *arg) {
    (void)arg;
    if (write(fds[1], "abc", 3) != 3)
        return NULL;
    close(fds[1]);
    return NULL;
}

int main(void) {
    if (pipe(fds) != 0)
        return 1;
    fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK);
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    int total = 0, empty = 0;
    for (;;) {
        struct pollfd p = {.fd = fds[0], .events = POLLIN};
        if (poll(&p, 1, -1) != 1)
            return 2;
        char buf[8];
        ssize_t n = read(fds[0], buf, sizeof buf);
        if (n == 0)
            break;
        if (n < 0) {
            if (errno != EAGAIN)
                return 3;
            empty++;
            continue;
        }
        total += (int)n;
    }
    pthread_join(t, NULL);
    printf("got %d bytes, then end of file after %d empty reads\n", total, empty);
    return 0;
}

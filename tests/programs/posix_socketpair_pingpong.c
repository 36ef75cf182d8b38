/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: got pong
 * check: safe executions=1
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* A request and its answer over the two ends of a socket pair. */
static int sv[2];

static void *server(void *arg) {
    (void)arg;
    char buf[8] = {0};
    if (read(sv[1], buf, 4) == 4 && strcmp(buf, "ping") == 0)
        write(sv[1], "pong", 4);
    return NULL;
}

int main(void) {
    socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
    pthread_t t;
    pthread_create(&t, NULL, server, NULL);
    write(sv[0], "ping", 4);
    char buf[8] = {0};
    read(sv[0], buf, 4);
    printf("got %s\n", buf);
    pthread_join(t, NULL);
    return 0;
}

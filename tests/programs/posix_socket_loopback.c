/* ravel-test
 * run: ok
 * stdout: server got ping
 * stdout: client got pong
 * check: safe
 */
/* A server thread and a client in one process over a TCP loopback connection: bind to
 * port 0, getsockname for the port, listen, accept; the client connects, sends, reads
 * the answer. The accept waits for the connect, each recv for the other side's send. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static int listener;

static void *server(void *arg) {
    (void)arg;
    int c = accept(listener, NULL, NULL);
    char buf[8] = {0};
    if (c < 0 || recv(c, buf, 4, 0) != 4)
        return NULL;
    printf("server got %s\n", buf);
    send(c, "pong", 4, 0);
    close(c);
    return NULL;
}

int main(void) {
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = 0;
    listener = socket(AF_INET, SOCK_STREAM, 0);
    if (listener < 0 || bind(listener, (struct sockaddr *)&a, sizeof a) != 0 || listen(listener, 4) != 0)
        return 1;
    socklen_t len = sizeof a;
    if (getsockname(listener, (struct sockaddr *)&a, &len) != 0 || a.sin_port == 0)
        return 2;
    pthread_t t;
    pthread_create(&t, NULL, server, NULL);
    int s = socket(AF_INET, SOCK_STREAM, 0);
    if (connect(s, (struct sockaddr *)&a, sizeof a) != 0)
        return 3;
    send(s, "ping", 4, 0);
    char buf[8] = {0};
    ssize_t n = recv(s, buf, sizeof buf - 1, 0);
    pthread_join(t, NULL);
    printf("client got %s\n", buf);
    close(s);
    close(listener);
    return n == 4 ? 0 : 4;
}

/* ravel-test
 * flags: --peer-script $DIR/inputs/peer_client_a.txt --peer-script $DIR/inputs/peer_client_b.txt
 * run: ok
 * stdout: connection 0 from port 54321: 3 lines
 * stdout: connection 1 from port 54322: 1 lines
 * stdout: 4 lines in all
 * check: safe executions=2
 * native: the peer's ports are the host's, not 54321 and 54322
 */
/* A server with a thread per connection and two scripted peer connections (one
 * `--peer-script` each, made in order): main accepts both, each thread counts the lines
 * of its own connection and adds them to a total under a lock. The two threads' recv
 * calls are on different connections and commute; only the order of the two critical
 * sections differs, hence 2 executions. Natively checked with two Python clients that
 * sent the two scripts one after the other (the ports then are the host's). */
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int total;

struct conn {
    int fd;
    int lines;
};

static void *serve(void *arg) {
    struct conn *c = arg;
    char buf[128];
    ssize_t n;
    while ((n = recv(c->fd, buf, sizeof buf, 0)) > 0)
        for (ssize_t i = 0; i < n; i++)
            if (buf[i] == '\n') {
                c->lines++;
                send(c->fd, "OK\r\n", 4, MSG_NOSIGNAL);
            }
    pthread_mutex_lock(&lock);
    total += c->lines;
    pthread_mutex_unlock(&lock);
    return NULL;
}

int main(void) {
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons(11401);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int l = socket(AF_INET, SOCK_STREAM, 0);
    int one = 1;
    setsockopt(l, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (bind(l, (struct sockaddr *)&a, sizeof a) != 0 || listen(l, 4) != 0)
        return 1;
    struct conn conns[2] = {{-1, 0}, {-1, 0}};
    int ports[2];
    pthread_t workers[2];
    for (int i = 0; i < 2; i++) {
        struct sockaddr_in from;
        socklen_t len = sizeof from;
        conns[i].fd = accept(l, (struct sockaddr *)&from, &len);
        if (conns[i].fd < 0)
            return 2;
        ports[i] = ntohs(from.sin_port);
        pthread_create(&workers[i], NULL, serve, &conns[i]);
    }
    for (int i = 0; i < 2; i++) {
        pthread_join(workers[i], NULL);
        close(conns[i].fd);
        printf("connection %d from port %d: %d lines\n", i, ports[i], conns[i].lines);
    }
    printf("%d lines in all\n", total);
    close(l);
    return 0;
}

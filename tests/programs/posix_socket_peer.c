/* ravel-test
 * flags: --peer-script $DIR/inputs/peer_lines.txt
 * run: ok
 * stdout: line: get foo
 * stdout: line: quit
 * stdout: end of stream after 2 lines
 * check: safe executions=1
 */
/* A server and the scripted peer: the one connection of the peer waits at the first
 * socket that listens; accept takes it, recv returns the script's bytes, then 0 (the
 * peer closed its side). The server's answers go to the peer. Natively checked with
 * `printf 'get foo\r\nquit\r\n' | nc 127.0.0.1 11399`. */
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

int main(void) {
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons(11399);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int l = socket(AF_INET, SOCK_STREAM, 0);
    int one = 1;
    setsockopt(l, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (bind(l, (struct sockaddr *)&a, sizeof a) != 0 || listen(l, 1) != 0)
        return 1;
    struct sockaddr_in from;
    socklen_t len = sizeof from;
    int c = accept(l, (struct sockaddr *)&from, &len);
    if (c < 0 || from.sin_family != AF_INET)
        return 2;
    char buf[256], line[64];
    size_t have = 0, lines = 0, used = 0;
    ssize_t n;
    while ((n = recv(c, buf + have, sizeof buf - have, 0)) > 0)
        have += (size_t)n;
    for (size_t i = 0; i < have; i++) {
        if (buf[i] != '\n')
            continue;
        size_t k = i - used - (i > used && buf[i - 1] == '\r');
        memcpy(line, buf + used, k < sizeof line ? k : sizeof line - 1);
        line[k < sizeof line ? k : sizeof line - 1] = 0;
        printf("line: %s\n", line);
        send(c, "OK\r\n", 4, MSG_NOSIGNAL);
        used = i + 1;
        lines++;
    }
    printf("end of stream after %zu lines\n", lines);
    close(c);
    close(l);
    return 0;
}

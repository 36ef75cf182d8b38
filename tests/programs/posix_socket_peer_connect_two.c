/* ravel-test
 * flags: --peer-script $DIR/inputs/peer_client_a.txt --peer-script $DIR/inputs/peer_client_b.txt
 * run: ok
 * stdout: connection 0: 20 bytes
 * stdout: connection 1: 7 bytes
 * stdout: third connect refused: 1
 * check: safe executions=1
 */
/* A client: each connect to an address nobody in the program listens on reaches the
 * scripted peer's next connection (the first sends peer_client_a.txt, the second
 * peer_client_b.txt); with both made, a third connect is refused. Natively checked
 * against a Python server that accepted two connections, sent the two scripts and
 * closed its listening socket. */
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static int dial(void) {
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons(11404);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int s = socket(AF_INET, SOCK_STREAM, 0);
    if (connect(s, (struct sockaddr *)&a, sizeof a) != 0) {
        close(s);
        return -1;
    }
    return s;
}

int main(void) {
    for (int i = 0; i < 2; i++) {
        int s = dial();
        if (s < 0)
            return 1;
        char buf[64];
        ssize_t n, got = 0;
        while ((n = recv(s, buf, sizeof buf, 0)) > 0)
            got += n;
        printf("connection %d: %zd bytes\n", i, got);
        close(s);
    }
    int s = dial();
    printf("third connect refused: %d\n", s < 0 && errno == ECONNREFUSED);
    return 0;
}

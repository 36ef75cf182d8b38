/* ravel-test
 * run: ok
 * stdout: passive: INET 0.0.0.0 port 11211
 * stdout: 127.0.0.1: INET 127.0.0.1 port 80
 * stdout: ::1: INET6 ::1 port 80
 * stdout: pton 1 0 ntop 10.0.0.7 fe80::1:2
 * stdout: bad name: Name or service not known
 * stdout: refused: 1
 */
/* Name resolution without a network (numeric addresses, the wildcard, loopback),
 * inet_pton/inet_ntop, and a connect nobody listens for (no peer: refused). */
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static void show(const char *what, const char *node, const char *service, int flags, int family) {
    struct addrinfo hints, *ai;
    memset(&hints, 0, sizeof hints);
    hints.ai_flags = flags;
    hints.ai_family = family;
    hints.ai_socktype = SOCK_STREAM;
    int e = getaddrinfo(node, service, &hints, &ai);
    if (e != 0) {
        printf("%s: %s\n", what, gai_strerror(e));
        return;
    }
    char text[64];
    const void *host = ai->ai_family == AF_INET ? (void *)&((struct sockaddr_in *)ai->ai_addr)->sin_addr
                                                : (void *)&((struct sockaddr_in6 *)ai->ai_addr)->sin6_addr;
    unsigned port = ntohs(((struct sockaddr_in *)ai->ai_addr)->sin_port);
    printf("%s: %s %s port %u\n", what, ai->ai_family == AF_INET ? "INET" : "INET6",
           inet_ntop(ai->ai_family, host, text, sizeof text), port);
    freeaddrinfo(ai);
}

int main(void) {
    show("passive", NULL, "11211", AI_PASSIVE, AF_INET);
    show("127.0.0.1", "127.0.0.1", "80", 0, AF_UNSPEC);
    show("::1", "::1", "80", 0, AF_UNSPEC);
    unsigned char v4[4], v6[16];
    char a[64], b[64];
    int ok = inet_pton(AF_INET, "10.0.0.7", v4), bad = inet_pton(AF_INET, "10.0.0.256", v4);
    inet_pton(AF_INET, "10.0.0.7", v4);
    inet_pton(AF_INET6, "fe80::1:2", v6);
    printf("pton %d %d ntop %s %s\n", ok, bad, inet_ntop(AF_INET, v4, a, sizeof a), inet_ntop(AF_INET6, v6, b, sizeof b));
    show("bad name", "no.such.host", "80", AI_NUMERICHOST, AF_UNSPEC);
    struct sockaddr_in to;
    memset(&to, 0, sizeof to);
    to.sin_family = AF_INET;
    to.sin_port = htons(1);
    to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int s = socket(AF_INET, SOCK_STREAM, 0);
    int r = connect(s, (struct sockaddr *)&to, sizeof to);
    printf("refused: %d\n", r == -1 && errno == ECONNREFUSED);
    close(s);
    return 0;
}

/* ravel-test
 * run: ok
 * check: safe
 */
/* Happens-before through a socket: the client thread writes `shared`, then sends; the
 * server reads `shared` after the recv that sees those bytes, so there is no race
 * (AF_UNIX stream sockets through bind, listen, accept, connect). */
#include <pthread.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static int shared;
static struct sockaddr_un addr;

static void *client(void *arg) {
    (void)arg;
    int s = socket(AF_UNIX, SOCK_STREAM, 0);
    if (connect(s, (struct sockaddr *)&addr, sizeof addr) != 0)
        return NULL;
    shared = 42;
    send(s, "x", 1, 0);
    close(s);
    return NULL;
}

int main(void) {
    addr.sun_family = AF_UNIX;
    strcpy(addr.sun_path, "/tmp/ravel-test-handoff.sock");
    unlink(addr.sun_path);
    int l = socket(AF_UNIX, SOCK_STREAM, 0);
    if (bind(l, (struct sockaddr *)&addr, sizeof addr) != 0 || listen(l, 1) != 0)
        return 1;
    pthread_t t;
    pthread_create(&t, NULL, client, NULL);
    int c = accept(l, NULL, NULL);
    char b;
    int r = 0;
    if (recv(c, &b, 1, 0) == 1)
        r = shared != 42;
    pthread_join(t, NULL);
    close(c);
    close(l);
    unlink(addr.sun_path);
    return r;
}

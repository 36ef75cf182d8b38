/* ravel-test
 * check: unsafe data-race
 */
/* The client writes `shared` after its send: the server's read after recv is not
 * ordered with that write, a data race. */
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
    send(s, "x", 1, 0);
    shared = 42;
    close(s);
    return NULL;
}

int main(void) {
    addr.sun_family = AF_UNIX;
    strcpy(addr.sun_path, "/tmp/ravel-test-race.sock");
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
        r = shared;
    pthread_join(t, NULL);
    close(c);
    close(l);
    unlink(addr.sun_path);
    return r == 42 ? 0 : 0;
}

/* ravel-test
 * flags: --peer-script $DIR/inputs/peer_client_a.txt --peer-script $DIR/inputs/peer_client_b.txt
 * check: unsafe data-race
 */
/* memcached 1.5.19's `stats_state.curr_conns` race in miniature: the accepting thread
 * reads the count of open connections without the lock to decide whether to take a new
 * one, while the worker serving the connection accepted before counts itself in under
 * the lock. It takes two client connections (two `--peer-script` flags). The fixed
 * version is posix_socket_peer_conn_locked.c. Natively checked with two Python clients
 * (both served; the race does not show natively). */
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define MAX_CONNS 8

static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static int curr_conns;

static void *serve(void *arg) {
    int fd = (int)(long)arg;
    pthread_mutex_lock(&stats_lock);
    curr_conns++;
    pthread_mutex_unlock(&stats_lock);
    char buf[128];
    while (recv(fd, buf, sizeof buf, 0) > 0)
        ;
    close(fd);
    pthread_mutex_lock(&stats_lock);
    curr_conns--;
    pthread_mutex_unlock(&stats_lock);
    return NULL;
}

int main(void) {
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons(11402);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int l = socket(AF_INET, SOCK_STREAM, 0);
    int one = 1;
    setsockopt(l, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (bind(l, (struct sockaddr *)&a, sizeof a) != 0 || listen(l, 4) != 0)
        return 1;
    pthread_t workers[2];
    for (int i = 0; i < 2; i++) {
        int fd = accept(l, NULL, NULL);
        if (fd < 0)
            return 2;
        if (curr_conns >= MAX_CONNS) { /* the unlocked read */
            close(fd);
            workers[i] = 0;
            continue;
        }
        pthread_create(&workers[i], NULL, serve, (void *)(long)fd);
    }
    for (int i = 0; i < 2; i++)
        if (workers[i])
            pthread_join(workers[i], NULL);
    printf("%d connections open\n", curr_conns);
    close(l);
    return 0;
}

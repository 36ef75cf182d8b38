/* ravel-test
 * run: ok
 * stdout: eventfd 5, socket 'x', pipe 'p', pipe hang-up, socket hang-up
 * check: safe
 */
/* One epoll instance over an eventfd, a socket pair end and a pipe's read end. Three
 * threads make them ready (the eventfd counter, a byte on the socket, a byte on the pipe,
 * then the pipe's and the socket's other ends closed); main handles events in whatever
 * order they come, level-triggered, until both hang-ups were seen and everything read. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

static int efd, sv[2], p[2];

static void *count(void *arg) {
    (void)arg;
    uint64_t v = 5;
    write(efd, &v, sizeof v);
    return NULL;
}

static void *sock(void *arg) {
    (void)arg;
    write(sv[1], "x", 1);
    close(sv[1]);
    return NULL;
}

static void *pipe_end(void *arg) {
    (void)arg;
    write(p[1], "p", 1);
    close(p[1]);
    return NULL;
}

int main(void) {
    efd = eventfd(0, 0);
    socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
    pipe(p);
    int ep = epoll_create(1);
    int fds[3] = {efd, sv[0], p[0]};
    for (int i = 0; i < 3; i++) {
        struct epoll_event ev = {.events = EPOLLIN, .data.fd = fds[i]};
        epoll_ctl(ep, EPOLL_CTL_ADD, fds[i], &ev);
    }
    pthread_t t[3];
    pthread_create(&t[0], NULL, count, NULL);
    pthread_create(&t[1], NULL, sock, NULL);
    pthread_create(&t[2], NULL, pipe_end, NULL);
    uint64_t counted = 0;
    char s = 0, q = 0;
    int pipe_hup = 0, sock_hup = 0;
    while (!counted || !pipe_hup || !sock_hup) {
        struct epoll_event got[3];
        int n = epoll_wait(ep, got, 3, -1);
        for (int i = 0; i < n; i++) {
            int fd = got[i].data.fd;
            if (fd == efd) {
                read(efd, &counted, sizeof counted);
            } else {
                char c;
                if (read(fd, &c, 1) == 1)
                    *(fd == p[0] ? &q : &s) = c;
                else {
                    /* End of file: done with this descriptor. */
                    *(fd == p[0] ? &pipe_hup : &sock_hup) = 1;
                    epoll_ctl(ep, EPOLL_CTL_DEL, fd, NULL);
                }
            }
        }
    }
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], NULL);
    printf("eventfd %llu, socket '%c', pipe '%c', pipe hang-up, socket hang-up\n", (unsigned long long)counted, s, q);
    return 0;
}

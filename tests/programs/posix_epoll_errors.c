/* ravel-test
 * run: ok
 * stdout: regular file: EPERM
 * stdout: twice: EEXIST, unknown: ENOENT, closed: EBADF, not epoll: EINVAL, itself: EINVAL
 * stdout: maxevents 0: EINVAL, read: EINVAL
 * stdout: after close of a duplicate's original: 1 event, data 7
 * check: safe executions=1
 */
/* epoll's error numbers as Linux gives them, and a registration that outlives the
 * descriptor it was made with: it belongs to the open file description, which a
 * duplicate keeps open. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

static const char *err(int r) {
    if (r == 0)
        return "ok";
    switch (errno) {
    case EPERM: return "EPERM";
    case EEXIST: return "EEXIST";
    case ENOENT: return "ENOENT";
    case EBADF: return "EBADF";
    case EINVAL: return "EINVAL";
    default: return strerror(errno);
    }
}

int main(void) {
    int ep = epoll_create1(0);
    int f = open("epoll-errors.tmp", O_CREAT | O_RDWR, 0600);
    struct epoll_event ev = {.events = EPOLLIN, .data.u64 = 7};
    printf("regular file: %s\n", err(epoll_ctl(ep, EPOLL_CTL_ADD, f, &ev)));
    close(f);
    unlink("epoll-errors.tmp");
    int p[2];
    pipe(p);
    epoll_ctl(ep, EPOLL_CTL_ADD, p[0], &ev);
    printf("twice: %s, ", err(epoll_ctl(ep, EPOLL_CTL_ADD, p[0], &ev)));
    printf("unknown: %s, ", err(epoll_ctl(ep, EPOLL_CTL_MOD, p[1], &ev)));
    printf("closed: %s, ", err(epoll_ctl(ep, EPOLL_CTL_ADD, 100, &ev)));
    printf("not epoll: %s, ", err(epoll_ctl(p[1], EPOLL_CTL_ADD, p[0], &ev)));
    printf("itself: %s\n", err(epoll_ctl(ep, EPOLL_CTL_ADD, ep, &ev)));
    struct epoll_event got;
    printf("maxevents 0: %s, ", err(epoll_wait(ep, &got, 0, 0) < 0 ? -1 : 0));
    char c;
    printf("read: %s\n", err(read(ep, &c, 1) < 0 ? -1 : 0));
    int d = dup(p[0]);
    close(p[0]);
    write(p[1], "x", 1);
    int n = epoll_wait(ep, &got, 1, 0);
    printf("after close of a duplicate's original: %d event, data %llu\n", n, (unsigned long long)got.data.u64);
    close(d);
    return 0;
}

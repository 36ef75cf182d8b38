/* ravel-test
 * run: ok
 * stdout: first: 2 events
 * stdout: again: 0 events
 * stdout: new edge: et
 * stdout: re-armed: oneshot
 * check: safe executions=2
 */
/* An edge-triggered and a one-shot registration. A thread writes both pipes; the first
 * epoll_wait reports both, the second nothing although both pipes still hold data (no
 * new edge; the one-shot item is disarmed). A second write is a new edge for the
 * edge-triggered item only; EPOLL_CTL_MOD re-arms the one-shot item, which is ready. */
#include <pthread.h>
#include <stdio.h>
#include <sys/epoll.h>
#include <unistd.h>

static int et[2], once[2];

static void *writer(void *arg) {
    (void)arg;
    write(et[1], "a", 1);
    write(once[1], "b", 1);
    return NULL;
}

static const char *name(struct epoll_event *e) { return e->data.fd == et[0] ? "et" : "oneshot"; }

int main(void) {
    pipe(et);
    pipe(once);
    int ep = epoll_create1(EPOLL_CLOEXEC);
    struct epoll_event ev = {.events = EPOLLIN | EPOLLET, .data.fd = et[0]};
    epoll_ctl(ep, EPOLL_CTL_ADD, et[0], &ev);
    ev = (struct epoll_event){.events = EPOLLIN | EPOLLONESHOT, .data.fd = once[0]};
    epoll_ctl(ep, EPOLL_CTL_ADD, once[0], &ev);
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    struct epoll_event got[4];
    int n = 0;
    while (n < 2) {
        int k = epoll_wait(ep, got + n, 4 - n, -1);
        if (k <= 0)
            return 1;
        n += k;
    }
    pthread_join(t, NULL);
    printf("first: %d events\n", n);
    printf("again: %d events\n", epoll_wait(ep, got, 4, 0));
    write(et[1], "c", 1);
    write(once[1], "d", 1);
    n = epoll_wait(ep, got, 4, 0);
    printf("new edge:");
    for (int i = 0; i < n; i++)
        printf(" %s", name(&got[i]));
    printf("\n");
    ev = (struct epoll_event){.events = EPOLLIN | EPOLLONESHOT, .data.fd = once[0]};
    epoll_ctl(ep, EPOLL_CTL_MOD, once[0], &ev);
    n = epoll_wait(ep, got, 4, 0);
    printf("re-armed:");
    for (int i = 0; i < n; i++)
        printf(" %s", name(&got[i]));
    printf("\n");
    return 0;
}

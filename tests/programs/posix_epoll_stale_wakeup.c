/* ravel-test
 * run: ok
 * check: safe
 */
/* A wake-up whose cause is gone before the waiter looks: the writer makes pipe P
 * readable (waking main's epoll_wait), but the thief may read the byte first; main's
 * scan then finds P no longer ready, drops it from the ready list and sleeps again until
 * the thief's note on pipe Q wakes it. Either way main gets exactly one event, from P
 * (it was quicker than the thief) or from Q. */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/epoll.h>
#include <unistd.h>

static int p[2], q[2];

static void *writer(void *arg) {
    (void)arg;
    write(p[1], "x", 1);
    return NULL;
}

static void *thief(void *arg) {
    (void)arg;
    char c;
    read(p[0], &c, 1);
    write(q[1], "q", 1);
    return NULL;
}

int main(void) {
    pipe(p);
    pipe(q);
    int ep = epoll_create1(0);
    struct epoll_event ev = {.events = EPOLLIN, .data.u32 = 'P'};
    epoll_ctl(ep, EPOLL_CTL_ADD, p[0], &ev);
    ev.data.u32 = 'Q';
    epoll_ctl(ep, EPOLL_CTL_ADD, q[0], &ev);
    pthread_t w, t;
    pthread_create(&w, NULL, writer, NULL);
    pthread_create(&t, NULL, thief, NULL);
    struct epoll_event got[2];
    int n = epoll_wait(ep, got, 2, -1);
    assert(n >= 1);
    pthread_join(w, NULL);
    pthread_join(t, NULL);
    printf("first %c\n", got[0].data.u32);
    return 0;
}

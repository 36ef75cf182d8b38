/* ravel-test
 * run: ok
 * stdout: 2 0 1 2 0 1
 * stdout: drained: 0 1
 * check: safe executions=1
 */
/* Level-triggered epoll with maxevents 1: three pipes become readable in the order a
 * thread writes them (2, 0, 1); each epoll_wait takes the head of the ready list and
 * puts it back at the tail, so the pipes come round in that order (Linux's fairness),
 * whatever their descriptor numbers. Once pipe 2 is drained it leaves the list. */
#include <pthread.h>
#include <stdio.h>
#include <sys/epoll.h>
#include <unistd.h>

static int p[3][2];

static void *writer(void *arg) {
    (void)arg;
    write(p[2][1], "c", 1);
    write(p[0][1], "a", 1);
    write(p[1][1], "b", 1);
    return NULL;
}

int main(void) {
    int ep = epoll_create1(0);
    for (int i = 0; i < 3; i++) {
        pipe(p[i]);
        struct epoll_event ev = {.events = EPOLLIN, .data.u32 = i};
        epoll_ctl(ep, EPOLL_CTL_ADD, p[i][0], &ev);
    }
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    pthread_join(t, NULL);
    for (int k = 0; k < 6; k++) {
        struct epoll_event got;
        if (epoll_wait(ep, &got, 1, -1) != 1)
            return 1;
        printf(k ? " %u" : "%u", got.data.u32);
    }
    printf("\n");
    char c;
    read(p[2][0], &c, 1);
    struct epoll_event got[3];
    int n = epoll_wait(ep, got, 3, 0);
    printf("drained:");
    for (int i = 0; i < n; i++)
        printf(" %u", got[i].data.u32);
    printf("\n");
    return 0;
}

/* ravel-test
 * run: error deadlock
 * check: unsafe deadlock
 */
/* main waits in epoll_wait without a time-out for a pipe the helper writes only after
 * main has answered on another pipe: both wait for ever (every thread is blocked). */
#include <pthread.h>
#include <sys/epoll.h>
#include <unistd.h>

static int request[2], reply[2];

static void *helper(void *arg) {
    (void)arg;
    char c;
    read(reply[0], &c, 1);
    write(request[1], "r", 1);
    return NULL;
}

int main(void) {
    pipe(request);
    pipe(reply);
    int ep = epoll_create1(0);
    struct epoll_event ev = {.events = EPOLLIN, .data.fd = request[0]};
    epoll_ctl(ep, EPOLL_CTL_ADD, request[0], &ev);
    pthread_t t;
    pthread_create(&t, NULL, helper, NULL);
    struct epoll_event got;
    epoll_wait(ep, &got, 1, -1);
    write(reply[1], "a", 1);
    pthread_join(t, NULL);
    return 0;
}

/* ravel-test
 * run: ok
 * stdout: timed out after 100 ms, then 1 event
 * check: safe executions=1
 */
/* epoll_wait with a 100 ms time-out on a pipe nobody has written yet returns 0, and the
 * virtual clock has moved on by the time-out; the helper, started afterwards, writes,
 * and a wait without a time-out reports it. */
#include <pthread.h>
#include <stdio.h>
#include <sys/epoll.h>
#include <time.h>
#include <unistd.h>

static int p[2];

static void *helper(void *arg) {
    (void)arg;
    write(p[1], "x", 1);
    return NULL;
}

static long long ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

int main(void) {
    pipe(p);
    int ep = epoll_create1(0);
    struct epoll_event ev = {.events = EPOLLIN, .data.fd = p[0]};
    epoll_ctl(ep, EPOLL_CTL_ADD, p[0], &ev);
    struct epoll_event got;
    long long start = ms();
    int n = epoll_wait(ep, &got, 1, 100);
    long long waited = ms() - start;
    pthread_t t;
    pthread_create(&t, NULL, helper, NULL);
    int m = epoll_wait(ep, &got, 1, -1);
    pthread_join(t, NULL);
    printf("%s after %s100 ms, then %d event\n", n == 0 ? "timed out" : "did not time out",
           waited >= 100 ? "" : "less than ", m);
    return 0;
}

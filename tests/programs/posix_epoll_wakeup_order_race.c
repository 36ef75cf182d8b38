/* ravel-test
 * check: unsafe data-race
 */
/* A race reachable only through epoll's ready order. Both pipes are registered while
 * empty; main makes pipe A readable itself, so A is always ready when main waits, and
 * takes one event (maxevents 1). The helper writes pipe B and then sets `b_state`
 * without synchronisation. Main reads `b_state` only when B is reported first, which
 * happens exactly when the helper's write woke the instance before main's own write:
 * a model that reported ready descriptors in a fixed order (by descriptor number, A's
 * being the lower) would never show it. Natively checked with ThreadSanitizer. */
#include <pthread.h>
#include <stdio.h>
#include <sys/epoll.h>
#include <unistd.h>

static int a[2], b[2];
static int b_state;

static void *helper(void *arg) {
    (void)arg;
    write(b[1], "b", 1);
    b_state = 1;
    return NULL;
}

int main(void) {
    pipe(a);
    pipe(b);
    int ep = epoll_create1(0);
    struct epoll_event ev = {.events = EPOLLIN, .data.u32 = 'A'};
    epoll_ctl(ep, EPOLL_CTL_ADD, a[0], &ev);
    ev.data.u32 = 'B';
    epoll_ctl(ep, EPOLL_CTL_ADD, b[0], &ev);
    pthread_t t;
    pthread_create(&t, NULL, helper, NULL);
    write(a[1], "a", 1);
    struct epoll_event got;
    int seen = 0;
    if (epoll_wait(ep, &got, 1, -1) == 1 && got.data.u32 == 'B')
        seen = b_state;
    pthread_join(t, NULL);
    printf("first %c seen %d\n", got.data.u32, seen);
    return 0;
}

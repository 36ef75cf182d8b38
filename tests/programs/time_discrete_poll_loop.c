/* ravel-test
 * flags: --time discrete
 * run: ok
 * stdout: 2 time-outs
 * check: unknown
 */
/* An event loop in the style of libevent: poll with a 50 ms time-out counts its
 * time-outs until a message arrives on a pipe; the sender sleeps 120 ms first. Under
 * `--time any` the loop's time-out is always enabled, so the loop can spin forever
 * and every exploration hits the depth limit. Under discrete time a time-out fires
 * only when nothing else can run, earliest deadline first: at 50 and 100 ms, then the
 * sender's sleep ends at 120 ms and the message ends the loop. Exactly two time-outs
 * in every execution explored (verdict unknown: real timing could differ). */
#include <assert.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static int fds[2];

static void *sender(void *arg) {
    usleep(120 * 1000);
    char c = 'x';
    if (write(fds[1], &c, 1) != 1)
        return arg;
    return arg;
}

int main(void) {
    if (pipe(fds) != 0)
        return 1;
    pthread_t t;
    pthread_create(&t, 0, sender, 0);
    int timeouts = 0;
    for (;;) {
        struct pollfd p = {.fd = fds[0], .events = POLLIN};
        int n = poll(&p, 1, 50);
        if (n == 0) {
            timeouts++;
            continue;
        }
        char c;
        if (read(fds[0], &c, 1) == 1)
            break;
    }
    pthread_join(t, 0);
    printf("%d time-outs\n", timeouts);
    assert(timeouts == 2);
    return 0;
}

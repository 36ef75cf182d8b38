/* ravel-test
 * run: unknown
 * check: unknown
 */
/* An epoll descriptor registered in another epoll instance: ravel does not model the
 * readiness of an epoll descriptor, so it stops with `unsupported` instead of guessing. */
#include <sys/epoll.h>

int main(void) {
    int outer = epoll_create1(0), inner = epoll_create1(0);
    struct epoll_event ev = {.events = EPOLLIN, .data.fd = inner};
    return epoll_ctl(outer, EPOLL_CTL_ADD, inner, &ev) != 0;
}

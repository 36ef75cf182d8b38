/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: poll 1 revents POLLIN 1 value 7
 * check: safe executions=1
 */
#include <poll.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/eventfd.h>
#include <unistd.h>

/* poll without a time-out waits until the other thread signals the eventfd. */
static int efd;

static void *notifier(void *arg) {
    (void)arg;
    uint64_t v = 7;
    write(efd, &v, sizeof v);
    return NULL;
}

int main(void) {
    efd = eventfd(0, 0);
    pthread_t t;
    pthread_create(&t, NULL, notifier, NULL);
    struct pollfd p = {efd, POLLIN, 0};
    int n = poll(&p, 1, -1);
    uint64_t v = 0;
    read(efd, &v, sizeof v);
    printf("poll %d revents POLLIN %d value %llu\n", n, (p.revents & POLLIN) != 0, (unsigned long long)v);
    pthread_join(t, NULL);
    return 0;
}

/* ravel-test
 * check: unsafe assertion-failure
 */
/* A timing assumption: main expects the helper's byte within a 10 ms select time-out.
 * The helper sleeps 50 ms first, so natively the select times out and the assertion
 * fails; ravel finds the same run because a time-out may end at any point (--time any). */
#include <assert.h>
#include <pthread.h>
#include <sys/select.h>
#include <unistd.h>

static int p[2];

static void *helper(void *arg) {
    (void)arg;
    usleep(50000);
    write(p[1], "x", 1);
    return NULL;
}

int main(void) {
    pipe(p);
    pthread_t t;
    pthread_create(&t, NULL, helper, NULL);
    fd_set rd;
    FD_ZERO(&rd);
    FD_SET(p[0], &rd);
    struct timeval tv = {0, 10000};
    int n = select(p[0] + 1, &rd, NULL, NULL, &tv);
    assert(n == 1 && FD_ISSET(p[0], &rd));
    pthread_join(t, NULL);
    return 0;
}

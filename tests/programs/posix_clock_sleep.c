/* ravel-test
 * run: ok
 * stdout: slept at least 2 s: 1
 * stdout: usleep and nanosleep advance: 1
 * stdout: gettimeofday agrees with time: 1
 * stdout: clock_getres 0
 */
#include <stdio.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static long long ns(struct timespec t) { return t.tv_sec * 1000000000LL + t.tv_nsec; }

int main(void) {
    struct timespec a, b, c;
    clock_gettime(CLOCK_MONOTONIC, &a);
    sleep(2);
    clock_gettime(CLOCK_MONOTONIC, &b);
    printf("slept at least 2 s: %d\n", ns(b) - ns(a) >= 2000000000LL);
    usleep(1000);
    struct timespec req = {0, 5000000};
    nanosleep(&req, NULL);
    clock_gettime(CLOCK_MONOTONIC, &c);
    printf("usleep and nanosleep advance: %d\n", ns(c) - ns(b) >= 6000000LL);
    struct timeval tv;
    time_t before = time(NULL);
    gettimeofday(&tv, NULL);
    printf("gettimeofday agrees with time: %d\n", tv.tv_sec >= before && tv.tv_sec - before <= 1);
    struct timespec res;
    printf("clock_getres %d\n", clock_getres(CLOCK_REALTIME, &res));
    return 0;
}

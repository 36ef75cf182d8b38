/* ravel-test
 * flags: --time discrete
 * run: ok
 * stdout: first wait: timed out
 * stdout: second wait: signalled
 * check: unknown
 * native: real timing decides; on a loaded machine the 0.5 ms signal can come too late
 */
/* pthread_cond_timedwait under discrete time: the waiter's deadline is 1 ms away. The
 * first time the signaller sleeps 2 ms first, so the wait times out (its deadline is
 * the earliest); the second time it sleeps 0.5 ms, so the signal comes first. */
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int signalled;

static void *signaller(void *arg) {
    usleep((useconds_t)(long)arg);
    pthread_mutex_lock(&m);
    signalled = 1;
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    return 0;
}

static int wait_with(long delay_us) {
    struct timespec at;
    clock_gettime(CLOCK_REALTIME, &at);
    at.tv_nsec += 1000000;
    if (at.tv_nsec >= 1000000000) {
        at.tv_sec++;
        at.tv_nsec -= 1000000000;
    }
    pthread_t t;
    signalled = 0;
    pthread_mutex_lock(&m);
    pthread_create(&t, 0, signaller, (void *)delay_us);
    int rc = 0;
    while (!signalled && rc == 0)
        rc = pthread_cond_timedwait(&c, &m, &at);
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    return rc;
}

int main(void) {
    int first = wait_with(2000);
    printf("first wait: %s\n", first == ETIMEDOUT ? "timed out" : "signalled");
    int second = wait_with(500);
    printf("second wait: %s\n", second == ETIMEDOUT ? "timed out" : "signalled");
    assert(first == ETIMEDOUT && second == 0);
    return 0;
}

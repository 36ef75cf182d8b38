/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: free timedlock 0
 * stdout: held timedlock is ETIMEDOUT 1
 * stdout: timedlock after unlock 0
 */
#include <stdio.h>
#include <errno.h>
#include <time.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int rc_blocked = -1;

static void *waiter(void *arg) {
    (void)arg;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_nsec += 1000000; /* 1 ms from now; main holds the lock until we are joined */
    if (ts.tv_nsec >= 1000000000) { ts.tv_sec++; ts.tv_nsec -= 1000000000; }
    rc_blocked = pthread_mutex_timedlock(&m, &ts);
    if (rc_blocked == 0) pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    struct timespec past = { 0, 0 };
    /* an available mutex is taken even if the deadline already passed */
    printf("free timedlock %d\n", pthread_mutex_timedlock(&m, &past));
    pthread_t t;
    pthread_create(&t, NULL, waiter, NULL);
    pthread_join(t, NULL);
    printf("held timedlock is ETIMEDOUT %d\n", rc_blocked == ETIMEDOUT);
    pthread_mutex_unlock(&m);
    struct timespec later;
    clock_gettime(CLOCK_REALTIME, &later);
    later.tv_sec += 5;
    printf("timedlock after unlock %d\n", pthread_mutex_timedlock(&m, &later));
    pthread_mutex_unlock(&m);
    return 0;
}

/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: timed out 1 flag 0
 * stdout: flag after join 1
 * check: safe
 */
#include <stdio.h>
#include <errno.h>
#include <time.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int flag;

static void *setter(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    flag = 1;
    pthread_cond_signal(&cv);
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    struct timespec ts;
    /* nobody signals: the wait must time out */
    pthread_mutex_lock(&m);
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_nsec += 2000000;
    if (ts.tv_nsec >= 1000000000) { ts.tv_sec++; ts.tv_nsec -= 1000000000; }
    int rc = 0;
    while (!flag && rc != ETIMEDOUT) rc = pthread_cond_timedwait(&cv, &m, &ts);
    printf("timed out %d flag %d\n", rc == ETIMEDOUT, flag);
    pthread_mutex_unlock(&m);
    /* with a generous deadline the signal arrives first */
    pthread_t t;
    pthread_create(&t, NULL, setter, NULL);
    pthread_mutex_lock(&m);
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_sec += 30;
    rc = 0;
    while (!flag && rc != ETIMEDOUT) rc = pthread_cond_timedwait(&cv, &m, &ts);
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    printf("flag after join %d\n", flag);
    return 0;
}

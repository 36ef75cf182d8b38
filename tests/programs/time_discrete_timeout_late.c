/* ravel-test
 * flags: --time discrete
 * run: error assertion-failure
 * check: unsafe assertion-failure
 */
/* A watchdog gives a job 100 us; the job reaches the worker only after main slept
 * 200 us. Under discrete time the watchdog fires first (100 < 200) in every
 * execution, so the worker always finds the job timed out. */
#include <assert.h>
#include <pthread.h>
#include <unistd.h>

#ifndef HANDOFF_DELAY_US
#define HANDOFF_DELAY_US 200
#endif

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t handed = PTHREAD_COND_INITIALIZER;
static int job, done, timed_out;

static void *watchdog(void *arg) {
    usleep(100);
    pthread_mutex_lock(&m);
    if (!done)
        timed_out = 1;
    pthread_mutex_unlock(&m);
    return arg;
}

static void *worker(void *arg) {
    pthread_mutex_lock(&m);
    while (!job)
        pthread_cond_wait(&handed, &m);
    assert(!timed_out);
    done = 1;
    pthread_mutex_unlock(&m);
    return arg;
}

int main(void) {
    pthread_t w, d;
    pthread_create(&d, 0, watchdog, 0);
    pthread_create(&w, 0, worker, 0);
    usleep(HANDOFF_DELAY_US);
    pthread_mutex_lock(&m);
    job = 1;
    pthread_cond_signal(&handed);
    pthread_mutex_unlock(&m);
    pthread_join(w, 0);
    pthread_join(d, 0);
    return 0;
}

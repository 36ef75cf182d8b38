/* ravel-test
 * run: ok
 * exit: 1
 * check: safe executions=2
 */
/* The fixed order (memcached 1.5.21 clears the statistics before starting the logger)
 * and a memcpy under the lock: no race, and memset/memcpy of shared memory leave the
 * verdict exact (safe). */
#include <pthread.h>
#include <string.h>

static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
    unsigned long dropped;
    unsigned long written;
} stats, copy;

static void *logger(void *arg) {
    pthread_mutex_lock(&stats_lock);
    stats.written++;
    pthread_mutex_unlock(&stats_lock);
    return arg;
}

int main(void) {
    memset(&stats, 0, sizeof stats);
    pthread_t t;
    pthread_create(&t, 0, logger, 0);
    pthread_mutex_lock(&stats_lock);
    memcpy(&copy, &stats, sizeof copy);
    pthread_mutex_unlock(&stats_lock);
    pthread_join(t, 0);
    return (int)stats.written;
}

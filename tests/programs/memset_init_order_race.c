/* ravel-test
 * check: unsafe data-race
 */
/* memcached 1.5.19's initialisation-order race in miniature: a logger thread is started
 * before main clears the statistics it updates (memset, then an assignment), so the
 * clearing races with the logger's update. memset and memcpy are checked for races
 * like plain accesses. */
#include <pthread.h>
#include <string.h>

static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
    unsigned long dropped;
    unsigned long written;
} stats;

static void *logger(void *arg) {
    pthread_mutex_lock(&stats_lock);
    stats.written++;
    pthread_mutex_unlock(&stats_lock);
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, logger, 0);
    memset(&stats, 0, sizeof stats);
    pthread_join(t, 0);
    return (int)stats.written;
}

/* ravel-test
 * check: unsafe data-race
 */
/* memcached 1.5.19's initialisation-order race in miniature: a logger thread is started
 * before main clears the statistics it updates (memset), so the clearing races with the
 * logger's update. memset and memcpy are checked for races like plain accesses.
 * memset_after_create_ordered.c compiles this with FIXED_ORDER (1.5.21's order). */
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
    pthread_t t;
#ifdef FIXED_ORDER
    memset(&stats, 0, sizeof stats);
#endif
    pthread_create(&t, 0, logger, 0);
#ifndef FIXED_ORDER
    memset(&stats, 0, sizeof stats);
#endif
    pthread_mutex_lock(&stats_lock);
    memcpy(&copy, &stats, sizeof copy);
    pthread_mutex_unlock(&stats_lock);
    pthread_join(t, 0);
    return (int)stats.written;
}

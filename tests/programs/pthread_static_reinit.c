/* ravel-test
 * run: error pthread-misuse
 * check: unsafe pthread-misuse
 */
/* memcached 1.5.19's double initialisation: a mutex initialised by its declaration
 * (PTHREAD_MUTEX_INITIALIZER, all zero bytes, so the IR cannot tell) is initialised
 * again with pthread_mutex_init, which POSIX leaves undefined. */
#include <pthread.h>

static pthread_mutex_t maintenance_lock = PTHREAD_MUTEX_INITIALIZER;
static int expanding;

static void *maintainer(void *arg) {
    pthread_mutex_lock(&maintenance_lock);
    expanding = 0;
    pthread_mutex_unlock(&maintenance_lock);
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_mutex_init(&maintenance_lock, NULL);
    pthread_create(&t, 0, maintainer, 0);
    pthread_join(t, 0);
    return expanding;
}

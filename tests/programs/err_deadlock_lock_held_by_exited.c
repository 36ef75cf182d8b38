/* ravel-test
 * run: error deadlock
 * seeds: 5
 */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *grab(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    return NULL; /* forgets to unlock */
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, grab, NULL);
    pthread_join(t, NULL);
    pthread_mutex_lock(&m); /* the owner is gone: waits forever */
    return 0;
}

/* ravel-test
 * run: error pthread-misuse
 * seeds: 5
 */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *intruder(void *arg) {
    (void)arg;
    pthread_mutex_unlock(&m); /* main owns it */
    return NULL;
}

int main(void) {
    pthread_mutex_lock(&m);
    pthread_t t;
    pthread_create(&t, NULL, intruder, NULL);
    pthread_join(t, NULL);
    pthread_mutex_unlock(&m);
    return 0;
}

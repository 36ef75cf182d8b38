/* ravel-test
 * run: error pthread-misuse
 * check: unsafe pthread-misuse
 */
/* Destroying a statically initialised mutex allows one new initialisation, not two. */
#include <pthread.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

int main(void) {
    pthread_mutex_destroy(&lock);
    pthread_mutex_init(&lock, NULL);
    pthread_mutex_init(&lock, NULL);
    return 0;
}

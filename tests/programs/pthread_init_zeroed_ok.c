/* ravel-test
 * run: ok
 * check: safe executions=1
 */
/* Mutexes and condition variables without an initialiser (zero bytes, like
 * PTHREAD_MUTEX_INITIALIZER) initialised once with pthread_*_init, and a statically
 * initialised mutex destroyed and initialised again: all correct, nothing to report. */
#include <pthread.h>

static pthread_mutex_t plain;
static pthread_cond_t plain_cond;
static pthread_mutex_t reused = PTHREAD_MUTEX_INITIALIZER, other;

int main(void) {
    pthread_mutex_init(&plain, NULL);
    pthread_cond_init(&plain_cond, NULL);
    pthread_mutex_init(&other, NULL);
    pthread_mutex_lock(&reused);
    pthread_mutex_unlock(&reused);
    pthread_mutex_destroy(&reused);
    pthread_mutex_init(&reused, NULL);
    pthread_mutex_lock(&reused);
    pthread_mutex_unlock(&reused);
    return 0;
}

/* ravel-test
 * run: error pthread-misuse
 * check: unsafe pthread-misuse
 * report: check --all-errors
 */
/* With --all-errors, initialising statically initialised objects again is reported
 * once per object and the execution goes on (glibc resets the object), so the data
 * race after both initialisations is found too. */
#include <pthread.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static int shared;

static void *worker(void *arg) {
    shared = 1;
    return arg;
}

int main(void) {
    pthread_mutex_init(&lock, NULL);
    pthread_cond_init(&cond, NULL);
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    shared = 2;
    pthread_join(t, 0);
    return shared;
}

/* ravel-test
 * run: error pthread-misuse
 * seeds: 5
 */
#include <pthread.h>

static void *worker(void *arg) { return arg; }

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    pthread_join(t, NULL); /* the thread was already joined */
    return 0;
}

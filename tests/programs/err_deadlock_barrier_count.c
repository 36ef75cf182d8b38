/* ravel-test
 * run: error deadlock
 * seeds: 5
 */
#include <pthread.h>

static pthread_barrier_t bar;

static void *worker(void *arg) {
    (void)arg;
    pthread_barrier_wait(&bar);
    return NULL;
}

int main(void) {
    pthread_barrier_init(&bar, NULL, 3); /* three parties expected, only two arrive */
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_barrier_wait(&bar);
    pthread_join(t, NULL);
    return 0;
}

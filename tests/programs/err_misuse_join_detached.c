/* ravel-test
 * run: error pthread-misuse
 * seeds: 5
 */
#include <pthread.h>
#include <semaphore.h>

static sem_t started;

static void *worker(void *arg) {
    (void)arg;
    sem_post(&started);
    return NULL;
}

int main(void) {
    sem_init(&started, 0, 0);
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_detach(t);
    sem_wait(&started);
    pthread_join(t, NULL); /* detached threads cannot be joined */
    return 0;
}

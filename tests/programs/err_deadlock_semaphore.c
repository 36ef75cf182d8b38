/* ravel-test
 * run: error deadlock
 * seeds: 5
 */
#include <semaphore.h>
#include <pthread.h>

static sem_t s;

static void *poster(void *arg) {
    (void)arg;
    sem_post(&s); /* one post, but main waits twice */
    return NULL;
}

int main(void) {
    sem_init(&s, 0, 0);
    pthread_t t;
    pthread_create(&t, NULL, poster, NULL);
    sem_wait(&s);
    sem_wait(&s);
    pthread_join(t, NULL);
    return 0;
}

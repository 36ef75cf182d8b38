/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: initial 2
 * stdout: trywait 0
 * stdout: trywait 0
 * stdout: trywait empty -1 errno EAGAIN 1
 * stdout: after 3 posts 3
 * stdout: consumed 5 left 0
 */
#include <stdio.h>
#include <errno.h>
#include <semaphore.h>
#include <pthread.h>

static sem_t items;
static int consumed;

static void *consumer(void *arg) {
    (void)arg;
    for (int i = 0; i < 5; i++) {
        sem_wait(&items);
        consumed++;
    }
    return NULL;
}

int main(void) {
    int v;
    sem_init(&items, 0, 2);
    sem_getvalue(&items, &v);
    printf("initial %d\n", v);
    printf("trywait %d\n", sem_trywait(&items));
    printf("trywait %d\n", sem_trywait(&items));
    int rc = sem_trywait(&items);
    printf("trywait empty %d errno EAGAIN %d\n", rc, errno == EAGAIN);
    sem_post(&items);
    sem_post(&items);
    sem_post(&items);
    sem_getvalue(&items, &v);
    printf("after 3 posts %d\n", v);
    pthread_t t;
    pthread_create(&t, NULL, consumer, NULL);
    sem_post(&items);
    sem_post(&items);
    pthread_join(t, NULL);
    sem_getvalue(&items, &v);
    printf("consumed %d left %d\n", consumed, v);
    sem_destroy(&items);
    return 0;
}

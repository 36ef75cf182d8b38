/* A producer posts three items; the consumer waits for each, then a try-wait finds none. */
#include <pthread.h>
#include <semaphore.h>
sem_t items;
int slot[3];
void *produce(void *arg) {
    for (int i = 0; i < 3; i++) {
        slot[i] = i + 1;
        sem_post(&items);
    }
    return 0;
}
int main(void) {
    pthread_t t;
    int sum = 0, left = -1;
    sem_init(&items, 0, 0);
    pthread_create(&t, 0, produce, 0);
    for (int i = 0; i < 3; i++) {
        sem_wait(&items);
        sum += slot[i];
    }
    int busy = sem_trywait(&items);
    sem_getvalue(&items, &left);
    pthread_join(t, 0);
    sem_destroy(&items);
    return sum == 6 && busy == -1 && left == 0 ? 0 : 1;
}

#include <pthread.h>
#include "queue.h"
struct queue q;
void *producer(void *a) {
    q_push(&q, 1);
    return 0;
}
int main(void) {
    pthread_t t1, t2;
    q_init(&q);
    pthread_create(&t1, 0, producer, 0);
    pthread_create(&t2, 0, producer, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return 0;
}

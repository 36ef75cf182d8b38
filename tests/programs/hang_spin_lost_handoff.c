/* ravel-test
 * a hand-off that only works in one order: the producer resets the flag the consumer
 * waits for when it runs last, so the consumer spins forever in that schedule.
 * check: unsafe hang
 * check-all: unsafe hang
 */
#include <pthread.h>
#include <stdatomic.h>
atomic_int flag;
void *producer(void *p) {
    atomic_store(&flag, 1);
    atomic_store(&flag, 0);
    return 0;
}
void *consumer(void *p) {
    while (!atomic_load(&flag))
        ;
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, producer, 0);
    pthread_create(&b, 0, consumer, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}

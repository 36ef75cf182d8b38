/* a consumer spins on a flag the producer sets after the data */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
int data;
atomic_int flag;
void *producer(void *p) { data = 5; atomic_store(&flag, 1); return p; }
void *consumer(void *p) {
    while (!atomic_load(&flag)) {}
    assert(data == 5);
    return p;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, consumer, 0);
    pthread_create(&b, 0, producer, 0);
#ifdef JOIN
    pthread_join(a, 0);
    pthread_join(b, 0);
#endif
    return 0;
}

/* a producer hands one item to a consumer through a condition variable */
#include <assert.h>
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int ready, item;
void *producer(void *p) {
    pthread_mutex_lock(&m);
    item = 7;
    ready = 1;
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    return p;
}
void *consumer(void *p) {
    pthread_mutex_lock(&m);
    while (!ready) pthread_cond_wait(&c, &m);
    assert(item == 7);
    pthread_mutex_unlock(&m);
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

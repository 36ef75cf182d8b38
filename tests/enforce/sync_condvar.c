/* A signal and a broadcast, each waited for exactly once: the waiter holds the mutex until
   its wait releases it, and the other thread needs the mutex before it wakes it. */
#include <pthread.h>
pthread_mutex_t m;
pthread_cond_t c, back;
int ready, acknowledged;
void *partner(void *arg) {
    pthread_mutex_lock(&m);
    ready = 1;
    pthread_cond_signal(&c);
    pthread_cond_wait(&back, &m);
    acknowledged = 1;
    pthread_mutex_unlock(&m);
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_mutex_init(&m, 0);
    pthread_cond_init(&c, 0);
    pthread_cond_init(&back, 0);
    pthread_mutex_lock(&m);
    pthread_create(&t, 0, partner, 0);
    pthread_cond_wait(&c, &m);
    int r = ready;
    pthread_cond_broadcast(&back);
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    pthread_cond_destroy(&c);
    pthread_cond_destroy(&back);
    return r == 1 && acknowledged == 1 ? 0 : 1;
}

/* two threads take turns through two semaphores, each writing a shared log */
#include <pthread.h>
#include <semaphore.h>
sem_t ping, pong;
int log_[4], n;
void *a(void *p) {
    for (int i = 0; i < 2; i++) { sem_wait(&ping); log_[n++] = 1; sem_post(&pong); }
    return p;
}
void *b(void *p) {
    for (int i = 0; i < 2; i++) { sem_wait(&pong); log_[n++] = 2; sem_post(&ping); }
    return p;
}
int main(void) {
    sem_init(&ping, 0, 1);
    sem_init(&pong, 0, 0);
    pthread_t x, y;
    pthread_create(&x, 0, a, 0);
    pthread_create(&y, 0, b, 0);
#ifdef JOIN
    pthread_join(x, 0);
    pthread_join(y, 0);
#endif
    return 0;
}

/* ravel-test
 * ping-pong with two semaphores, forever: the two threads strictly alternate
 * check: unknown
 * check-unfold: safe
 * check-flags: --max-depth 300 --max-executions 200
 */
#include <pthread.h>
#include <semaphore.h>
#include <assert.h>
sem_t ping, pong;
int last;
void *pinger(void *arg) {
    while (1) {
        sem_wait(&ping);
        assert(last == 0);
        last = 1;
        sem_post(&pong);
    }
    return 0;
}
void *ponger(void *arg) {
    while (1) {
        sem_wait(&pong);
        assert(last == 1);
        last = 0;
        sem_post(&ping);
    }
    return 0;
}
int main(void) {
    sem_init(&ping, 0, 1);
    sem_init(&pong, 0, 0);
    pthread_t a, b;
    pthread_create(&a, 0, pinger, 0);
    pthread_create(&b, 0, ponger, 0);
    pthread_join(a, 0);
    return 0;
}

/* ravel-test
 * a semaphore forces the order: one class
 * check: safe executions=1
 * check-unfold: safe executions=1
 * check-all: safe executions=1
 */
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdatomic.h>
sem_t s;
int data;
void *f(void *p) { data = 42; sem_post(&s); return 0; }
void *g(void *p) { sem_wait(&s); assert(data == 42); return 0; }
int main(void) {
    pthread_t a, b;
    sem_init(&s, 0, 0);
    pthread_create(&a, 0, f, 0);
    pthread_create(&b, 0, g, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}

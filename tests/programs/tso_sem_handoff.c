/* ravel-test
 * A semaphore hands data over: sem_post is a fence, so the data is visible before the
 * post, and sem_wait returns only after it. The wait cannot run before the post (it
 * blocks), so there is one class under both models.
 * run: ok
 * check-all: safe executions=1
 * check-tso: safe executions=1
 * check-flags: --no-races
 */
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
int data;
sem_t s;
static void *producer(void *p) { data = 7; sem_post(&s); return 0; }
static void *consumer(void *p) { sem_wait(&s); assert(data == 7); return 0; }
int main(void) {
    pthread_t t[2];
    sem_init(&s, 0, 0);
    pthread_create(&t[0], 0, producer, 0);
    pthread_create(&t[1], 0, consumer, 0);
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    return 0;
}

/* ravel-test
 * Data handed over through a condition variable: the producer stores the data and the
 * flag, then signals under the mutex; the consumer waits under the mutex until the flag is
 * set. Unlock and signal are fences, so under TSO the consumer sees the data as under SC.
 * Classes, both models: the producer's critical section comes before the consumer's first
 * one (no wait), or after it (the consumer waits, is signalled and re-locks): 2.
 * run: ok
 * check-all: safe executions=2
 * check-tso: safe executions=2
 * check-flags: --no-races
 */
#include <assert.h>
#include <pthread.h>
int data, ready;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static void *producer(void *p) {
    pthread_mutex_lock(&m);
    data = 42;
    ready = 1;
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    return 0;
}
static void *consumer(void *p) {
    pthread_mutex_lock(&m);
    while (!ready) pthread_cond_wait(&c, &m);
    assert(data == 42);
    pthread_mutex_unlock(&m);
    return 0;
}
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, producer, 0);
    pthread_create(&t[1], 0, consumer, 0);
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    return 0;
}

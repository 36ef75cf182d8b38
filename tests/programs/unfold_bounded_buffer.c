/* ravel-test
 * a producer and a consumer on a two-slot ring buffer, forever, with one mutex and two
 * condition variables (waits in while loops): the count stays in range and items
 * arrive in order
 * check: unknown
 * check-unfold: safe
 * check-flags: --max-depth 300 --max-executions 200
 */
#include <pthread.h>
#include <assert.h>
#define SLOTS 2
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t not_full = PTHREAD_COND_INITIALIZER, not_empty = PTHREAD_COND_INITIALIZER;
int buf[SLOTS], head, count;
void *producer(void *arg) {
    int next = 0;
    while (1) {
        pthread_mutex_lock(&m);
        while (count == SLOTS) pthread_cond_wait(&not_full, &m);
        buf[(head + count) % SLOTS] = next;
        count++;
        next = (next + 1) % 3;
        pthread_cond_signal(&not_empty);
        pthread_mutex_unlock(&m);
    }
    return 0;
}
void *consumer(void *arg) {
    int expect = 0;
    while (1) {
        pthread_mutex_lock(&m);
        while (count == 0) pthread_cond_wait(&not_empty, &m);
        assert(count > 0 && count <= SLOTS);
        assert(buf[head] == expect);
        head = (head + 1) % SLOTS;
        count--;
        expect = (expect + 1) % 3;
        pthread_cond_signal(&not_full);
        pthread_mutex_unlock(&m);
    }
    return 0;
}
int main(void) {
    pthread_t p, c;
    pthread_create(&p, 0, producer, 0);
    pthread_create(&c, 0, consumer, 0);
    pthread_join(p, 0);
    return 0;
}

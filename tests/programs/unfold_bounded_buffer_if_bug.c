/* ravel-test
 * the classic condition-variable bug: consumers wait with `if` instead of `while`, so
 * with two consumers one can be woken after the other took the only item and the count
 * goes negative
 * check: unsafe assertion-failure
 * check-unfold: unsafe assertion-failure
 */
#include <pthread.h>
#include <assert.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t not_full = PTHREAD_COND_INITIALIZER, not_empty = PTHREAD_COND_INITIALIZER;
int count;
void *producer(void *arg) {
    while (1) {
        pthread_mutex_lock(&m);
        while (count == 1) pthread_cond_wait(&not_full, &m);
        count++;
        pthread_cond_signal(&not_empty);
        pthread_mutex_unlock(&m);
    }
    return 0;
}
void *consumer(void *arg) {
    while (1) {
        pthread_mutex_lock(&m);
        if (count == 0) pthread_cond_wait(&not_empty, &m);
        count--;
        assert(count >= 0);
        pthread_cond_signal(&not_full);
        pthread_mutex_unlock(&m);
    }
    return 0;
}
int main(void) {
    pthread_t p, c1, c2;
    pthread_create(&p, 0, producer, 0);
    pthread_create(&c1, 0, consumer, 0);
    pthread_create(&c2, 0, consumer, 0);
    pthread_join(p, 0);
    return 0;
}

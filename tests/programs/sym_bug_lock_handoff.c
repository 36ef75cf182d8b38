/* ravel-test
 * A symbolic value handed over under a mutex: the check fails only when the consumer takes
 * the lock after the producer (otherwise it sees 0) and the value is 1001.
 * check: unsafe assertion-failure
 * check-all: unsafe assertion-failure
 */
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int s;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *producer(void *p) {
    int v = __VERIFIER_nondet_int();
    pthread_mutex_lock(&m);
    s = v;
    pthread_mutex_unlock(&m);
    return 0;
}
void *consumer(void *p) {
    pthread_mutex_lock(&m);
    int r = s;
    pthread_mutex_unlock(&m);
    if (r > 1000 && r < 1002)
        assert(0);
    return 0;
}
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, producer, 0);
    pthread_create(&t[1], 0, consumer, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return 0;
}

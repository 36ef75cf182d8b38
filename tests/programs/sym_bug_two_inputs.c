/* ravel-test
 * Two inputs from two threads: the check fails only when the consumer runs after the
 * producer published a, and 2*a + b == 1000 with b < 0 (e.g. a = 501, b = -2).
 * check: unsafe assertion-failure
 * check-all: unsafe assertion-failure
 */
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int s, has;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *producer(void *p) {
    int a = __VERIFIER_nondet_int();
    pthread_mutex_lock(&m);
    s = a;
    has = 1;
    pthread_mutex_unlock(&m);
    return 0;
}
void *consumer(void *p) {
    int b = __VERIFIER_nondet_int();
    pthread_mutex_lock(&m);
    int h = has, a = s;
    pthread_mutex_unlock(&m);
    if (h && b < 0 && a * 2 + b == 1000)
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

/* ravel-test
 * run: ok
 * seeds: 3
 * check: safe
 * predict: safe
 * predict-flags: --seed 1 --property atomicity
 */
// The audit takes the lock too: its write can no longer split the deposit.
#include <pthread.h>

int balance = 100;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *deposit(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    int b = balance;
    balance = b + 10;
    pthread_mutex_unlock(&m);
    return 0;
}

void *audit(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    balance = 0;
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, 0, deposit, 0);
    pthread_create(&t2, 0, audit, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return 0;
}

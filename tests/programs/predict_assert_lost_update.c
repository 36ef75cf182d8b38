/* ravel-test
 * run: error assertion-failure
 * seeds: 1
 * predict: unsafe assertion-failure
 * predict-flags: --seed 3 --property assert
 */
// Two deposits each read the balance in one critical section and write it back in
// another: the recorded run (seed 3) passes, a reordering loses an update (`ravel run
// --seed 1` loses it itself).
#include <assert.h>
#include <pthread.h>

int balance = 0;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *deposit(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    int b = balance;
    pthread_mutex_unlock(&m);
    pthread_mutex_lock(&m);
    balance = b + 10;
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, 0, deposit, 0);
    pthread_create(&t2, 0, deposit, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    assert(balance == 20);
    return 0;
}

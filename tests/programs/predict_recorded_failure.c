/* ravel-test
 * run: error assertion-failure
 * seeds: 1
 * check-all: unsafe assertion-failure
 * predict: unsafe assertion-failure
 * predict-flags: --seed 1 --property assert
 */
// Both withdrawals debit the account without checking it: every run overdraws it, the
// recorded one too. `predict` reports the recorded run itself as the violation, with a
// witness that replays it.
#include <assert.h>
#include <pthread.h>

int balance = 100;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *withdraw(void *arg) {
    int amount = *(int *)arg;
    pthread_mutex_lock(&m);
    balance -= amount;
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    pthread_t t1, t2;
    int a1 = 60, a2 = 60;
    pthread_create(&t1, 0, withdraw, &a1);
    pthread_create(&t2, 0, withdraw, &a2);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    assert(balance >= 0);
    return 0;
}

/* ravel-test
 * check-all: unsafe assertion-failure
 * predict: unsafe assertion-failure
 * predict-flags: --seed 1 --property assert
 */
// Each withdrawal checks the balance in one critical section and debits it in another:
// the recorded run (seed 1) passes, but when both checks come before either debit, both
// withdrawals go through and the balance goes negative. The reordering makes the second
// thread take the other side of its `if`, so the prediction is confirmed by exploring on
// from where the replay leaves the recorded run.
#include <assert.h>
#include <pthread.h>

int balance = 100;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *withdraw(void *arg) {
    int amount = *(int *)arg;
    pthread_mutex_lock(&m);
    int ok = balance >= amount;
    pthread_mutex_unlock(&m);
    if (ok) {
        pthread_mutex_lock(&m);
        balance -= amount;
        pthread_mutex_unlock(&m);
    }
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

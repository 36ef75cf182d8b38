/* ravel-test
 * check: unsafe data-race
 * report: check
 */
/* Two bugs: the unlocked `requests` counter races, and the balance is checked in one
 * critical section and withdrawn in another, so both withdrawals can pass the check.
 * The race is found first; by default the search goes on after it and reports the
 * failed assertion too, each kind in its group (`--first-error` stops at the race). */
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int balance = 100;
static int requests;

static void *withdraw(void *arg) {
    int amount = *(int *)arg;
    requests++;
    pthread_mutex_lock(&lock);
    int enough = balance >= amount;
    pthread_mutex_unlock(&lock);
    if (enough) {
        pthread_mutex_lock(&lock);
        balance -= amount;
        pthread_mutex_unlock(&lock);
    }
    return 0;
}

int main(void) {
    pthread_t a, b;
    int amount = 80;
    pthread_create(&a, 0, withdraw, &amount);
    pthread_create(&b, 0, withdraw, &amount);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(balance >= 0);
    return 0;
}

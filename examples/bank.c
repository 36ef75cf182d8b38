/* A bank with a classic check-then-act race: two tellers withdraw from the same
 * account concurrently. Each checks the balance, then withdraws; the lock protects the
 * update but not the check, so both can pass the check and overdraw the account.
 *
 *   ravel run examples/bank.c --seed 3     # one random schedule
 *   ravel check examples/bank.c            # every schedule: finds the overdraft
 */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static int balance = 100;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static int withdraw(int amount) {
    if (balance < amount) /* the check is outside the lock: a race */
        return 0;
    pthread_mutex_lock(&lock);
    balance -= amount;
    pthread_mutex_unlock(&lock);
    return 1;
}

static void *teller(void *arg) {
    int amount = *(int *)arg;
    if (withdraw(amount))
        printf("withdrew %d\n", amount);
    return NULL;
}

int main(void) {
    pthread_t a, b;
    int x = 70, y = 60;
    pthread_create(&a, NULL, teller, &x);
    pthread_create(&b, NULL, teller, &y);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("balance %d\n", balance);
    assert(balance >= 0);
    return 0;
}

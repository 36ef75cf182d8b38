/* ravel-test
 * a balance checked without the lock, then withdrawn under it: two withdrawals race on the
 * check. `ravel run` reports the race on every seed (issue 40), as `check` does.
 * run: error data-race
 * seeds: 5
 * check: unsafe data-race
 */
#include <pthread.h>
#include <stdio.h>
int balance = 100;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *withdraw(void *p) {
    if (balance >= 80) {
        pthread_mutex_lock(&m);
        balance -= 80;
        pthread_mutex_unlock(&m);
    }
    return p;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, withdraw, 0);
    pthread_create(&b, 0, withdraw, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    printf("balance %d\n", balance);
    return 0;
}

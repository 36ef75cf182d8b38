/* ravel-test
 * run: ok
 * run-flags: --no-races (a litmus test: its races are the point; run checks the output)
 * seeds: 1
 * predict: unsafe atomicity-violation
 * predict-flags: --seed 1 --property atomicity
 */
// The deposit reads and writes the balance in one critical section, but the audit thread
// clears it without the lock: its write can fall between the deposit's read and write.
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
    balance = 0;
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

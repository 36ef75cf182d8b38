// Banking after the paper's description: N threads each deposit into one shared account;
// main checks the final balance. With -DBUG a deposit reads the balance in one critical
// section and writes it back in another (a lost update a reordering shows).
#include <assert.h>
#include <pthread.h>

#ifndef N
#define N 2
#endif

int balance = 0;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *deposit(void *arg) {
    int amount = (int)(long)arg;
    pthread_mutex_lock(&m);
    int b = balance;
#ifdef BUG
    pthread_mutex_unlock(&m);
    pthread_mutex_lock(&m);
#endif
    balance = b + amount;
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    pthread_t t[N];
    for (long i = 0; i < N; i++)
        pthread_create(&t[i], 0, deposit, (void *)(i + 1));
    for (int i = 0; i < N; i++)
        pthread_join(t[i], 0);
    assert(balance == N * (N + 1) / 2);
    return 0;
}

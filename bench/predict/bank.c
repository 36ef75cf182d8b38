// bank-av / bank-sav / bank-nav: N threads on one account. Even threads deposit inside a
// critical section (read, then write the balance). Odd threads close the account (write
// 0) or freeze it (write -1): -DAV: both without the lock (two sites that can split a
// deposit); -DSAV: closing alone without the lock (one); -DNAV: everything under the lock
// (none).
#include <pthread.h>

#ifndef N
#define N 2
#endif

int balance = 1000;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void deposit(int x) {
    pthread_mutex_lock(&m);
    int b = balance;
    balance = b + x;
    pthread_mutex_unlock(&m);
}

static void close_account(void) {
#ifdef NAV
    pthread_mutex_lock(&m);
#endif
    balance = 0;
#ifdef NAV
    pthread_mutex_unlock(&m);
#endif
}

static void freeze(void) {
#ifndef AV
    pthread_mutex_lock(&m);
#endif
    balance = -1;
#ifndef AV
    pthread_mutex_unlock(&m);
#endif
}

void *client(void *arg) {
    int id = (int)(long)arg;
    if (id % 2 == 0) {
        deposit(10);
    } else {
        close_account();
        freeze();
    }
    return 0;
}

int main(void) {
    pthread_t t[N];
    for (long i = 0; i < N; i++)
        pthread_create(&t[i], 0, client, (void *)i);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], 0);
    return 0;
}

#include <pthread.h>
struct account { pthread_mutex_t lock; int balance; int ops; } acct = { PTHREAD_MUTEX_INITIALIZER, 100, 0 };
void *deposit(void *arg) {
    for (int i = 0; i < 5; i++) {
        pthread_mutex_lock(&acct.lock);
        acct.balance += (int)(long)arg;
        acct.ops++;
        pthread_mutex_unlock(&acct.lock);
    }
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, deposit, (void *)10);
    pthread_create(&b, 0, deposit, (void *)-5);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return acct.balance == 125 && acct.ops == 10 ? 0 : 1;
}

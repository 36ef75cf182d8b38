#include <pthread.h>
#include <stdatomic.h>
atomic_int hits;
atomic_long last;
_Atomic char flag;
void *work(void *arg) {
    atomic_fetch_add(&hits, 1);
    atomic_store(&last, (long)arg);
    int expected = 0;
    atomic_compare_exchange_strong(&hits, &expected, 100);
    atomic_exchange(&flag, 1);
    return 0;
}
int main(void) {
    pthread_t t[3];
    for (long i = 0; i < 3; i++)
        pthread_create(&t[i], 0, work, (void *)i);
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], 0);
    return atomic_load(&hits) == 3 ? 0 : 1;
}

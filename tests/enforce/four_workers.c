#include <pthread.h>
#include <stdlib.h>
long results[4];
long done;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *work(void *arg) {
    long id = (long)arg;
    long acc = 0;
    for (long i = 0; i <= id * 10; i++)
        acc += i;
    results[id] = acc;
    pthread_mutex_lock(&m);
    done++;
    pthread_mutex_unlock(&m);
    return 0;
}
int main(void) {
    pthread_t t[4];
    for (long i = 0; i < 4; i++)
        pthread_create(&t[i], 0, work, (void *)i);
    for (int i = 0; i < 4; i++)
        pthread_join(t[i], 0);
    return done == 4 && results[3] == 465 ? 0 : 1;
}

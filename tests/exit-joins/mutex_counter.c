/* three threads increment a counter under a mutex, main reads it unlocked at the end */
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int counter;
void *inc(void *p) {
    pthread_mutex_lock(&m);
    counter++;
    pthread_mutex_unlock(&m);
    return p;
}
int main(void) {
    pthread_t t[3];
    for (int i = 0; i < 3; i++) pthread_create(&t[i], 0, inc, 0);
#ifdef JOIN
    for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
#endif
    return 0;
}

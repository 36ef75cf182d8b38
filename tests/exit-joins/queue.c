/* a locked ring buffer: two producers put one item each, a consumer tries twice */
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int buf[4], head, tail, got;
void *put(void *p) {
    pthread_mutex_lock(&m);
    buf[tail++ % 4] = (int)(long)p;
    pthread_mutex_unlock(&m);
    return 0;
}
void *take(void *p) {
    for (int i = 0; i < 2; i++) {
        pthread_mutex_lock(&m);
        if (head != tail) got += buf[head++ % 4];
        pthread_mutex_unlock(&m);
    }
    return p;
}
int main(void) {
    pthread_t t[3];
    pthread_create(&t[0], 0, put, (void *)1);
    pthread_create(&t[1], 0, put, (void *)2);
    pthread_create(&t[2], 0, take, 0);
#ifdef JOIN
    for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
#endif
    return 0;
}

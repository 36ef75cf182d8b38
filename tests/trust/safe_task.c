#include <pthread.h>
extern void reach_error(void);
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x;
void *w(void *a) {
    pthread_mutex_lock(&m);
    x++;
    pthread_mutex_unlock(&m);
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, w, 0);
    w(0);
    pthread_join(t, 0);
    if (x != 2) reach_error();
    return 0;
}

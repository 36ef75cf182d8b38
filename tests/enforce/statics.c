#include <pthread.h>
static int file_static;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int bump(void) {
    static int calls;
    return ++calls;
}
void *work(void *arg) {
    pthread_mutex_lock(&m);
    file_static += bump();
    pthread_mutex_unlock(&m);
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, work, 0);
    pthread_create(&b, 0, work, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return file_static == 3 ? 0 : 1;
}

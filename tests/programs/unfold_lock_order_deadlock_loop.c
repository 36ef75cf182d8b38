/* ravel-test
 * two threads take two mutexes in opposite orders, over and over: a deadlock
 * check: unsafe deadlock
 * check-unfold: unsafe deadlock
 */
#include <pthread.h>
pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
int n;
void *one(void *arg) {
    while (1) {
        pthread_mutex_lock(&a);
        pthread_mutex_lock(&b);
        n = (n + 1) % 2;
        pthread_mutex_unlock(&b);
        pthread_mutex_unlock(&a);
    }
    return 0;
}
void *two(void *arg) {
    while (1) {
        pthread_mutex_lock(&b);
        pthread_mutex_lock(&a);
        n = (n + 1) % 2;
        pthread_mutex_unlock(&a);
        pthread_mutex_unlock(&b);
    }
    return 0;
}
int main(void) {
    pthread_t x, y;
    pthread_create(&x, 0, one, 0);
    pthread_create(&y, 0, two, 0);
    pthread_join(x, 0);
    return 0;
}

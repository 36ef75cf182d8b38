/* ravel-test
 * Two threads take two locks in opposite orders while main joins them: the deadlock report
 * points at a lock operation of the cycle first, then the other lock, then main's join.
 * check: unsafe deadlock
 * check-all: unsafe deadlock
 * report: check
 */
#include <pthread.h>
pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
void *ab(void *p) {
    pthread_mutex_lock(&a);
    pthread_mutex_lock(&b);
    pthread_mutex_unlock(&b);
    pthread_mutex_unlock(&a);
    return 0;
}
void *ba(void *p) {
    pthread_mutex_lock(&b);
    pthread_mutex_lock(&a);
    pthread_mutex_unlock(&a);
    pthread_mutex_unlock(&b);
    return 0;
}
int main(void) {
    pthread_t x, y;
    pthread_create(&x, 0, ab, 0);
    pthread_create(&y, 0, ba, 0);
    pthread_join(x, 0);
    pthread_join(y, 0);
    return 0;
}

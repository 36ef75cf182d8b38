/* ravel-test
 * Two threads take two locks in opposite orders through one helper: the report gives
 * each blocked thread's call stack (lock_both <- main/worker).
 * check: unsafe deadlock
 * report: check -j 1
 * report-formats: json sarif html
 */
#include <pthread.h>
pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
static void lock_both(pthread_mutex_t *first, pthread_mutex_t *second) {
    pthread_mutex_lock(first);
    pthread_mutex_lock(second);
    pthread_mutex_unlock(second);
    pthread_mutex_unlock(first);
}
static void *worker(void *p) {
    lock_both(&b, &a);
    return p;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    lock_both(&a, &b);
    pthread_join(t, 0);
    return 0;
}

/* ravel-test
 * one thread updates x under a mutex forever, the other writes it without the mutex
 * (and takes another mutex, so both loops are endless sequences of events): a data race
 * that unfold must report although the threads' states repeat (cutoffs)
 * check: unsafe data-race
 * check-unfold: unsafe data-race
 */
#include <pthread.h>
int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER, m2 = PTHREAD_MUTEX_INITIALIZER;
void *locked(void *p) {
    while (1) {
        pthread_mutex_lock(&m);
        x = 1;
        pthread_mutex_unlock(&m);
    }
    return 0;
}
void *unlocked(void *p) {
    while (1) {
        x = 0;
        pthread_mutex_lock(&m2);
        pthread_mutex_unlock(&m2);
    }
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, locked, 0);
    pthread_create(&b, 0, unlocked, 0);
    pthread_join(a, 0);
    return 0;
}

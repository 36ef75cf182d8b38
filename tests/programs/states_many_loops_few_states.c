/* ravel-test
 * two threads each add 1 to a shared total 12 times under a mutex: C(24,12) = 2.7
 * million orders of the critical sections for dpor, but under ten thousand distinct
 * states, which is what the states engine explores
 * check-states: safe
 */
#include <assert.h>
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int total;
void *worker(void *arg) {
    for (int i = 0; i < 12; i++) {
        pthread_mutex_lock(&m);
        total++;
        pthread_mutex_unlock(&m);
    }
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(total == 24);
    return 0;
}

/* ravel-test
 * two threads add each other's value five times each; only strict turns make i reach 89
 * (a Fibonacci number), which main checks without joining: the second scouting policy
 * (main creates the threads, then every thread in turn) finds it in its first run
 * check: unsafe assertion-failure executions=2
 * check-flags: --first-error
 */
#include <assert.h>
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int i = 1, j = 1;
void *add_j(void *p) {
    for (int k = 0; k < 5; k++) {
        pthread_mutex_lock(&m);
        i += j;
        pthread_mutex_unlock(&m);
    }
    return 0;
}
void *add_i(void *p) {
    for (int k = 0; k < 5; k++) {
        pthread_mutex_lock(&m);
        j += i;
        pthread_mutex_unlock(&m);
    }
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, add_j, 0);
    pthread_create(&b, 0, add_i, 0);
    pthread_mutex_lock(&m);
    int top = i;
    pthread_mutex_unlock(&m);
    assert(top < 89);
    return 0;
}

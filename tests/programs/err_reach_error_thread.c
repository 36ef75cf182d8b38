/* ravel-test
 * run: error reach-error
 * seeds: 5
 */
#include <pthread.h>

void reach_error(void);

int shared = 0;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *t1(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    shared += 1;
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, t1, 0);
    pthread_create(&b, 0, t1, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    if (shared == 2) reach_error(); /* every schedule ends with shared == 2 */
    return 0;
}

/* Two threads grow a Fibonacci pair under a lock, five steps each. */
#include <assert.h>
#include <pthread.h>
int i = 1, j = 1;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *grow_i(void *arg) {
    for (int k = 0; k < 5; k++) {
        pthread_mutex_lock(&m);
        i += j;
        pthread_mutex_unlock(&m);
    }
    return 0;
}
void *grow_j(void *arg) {
    for (int k = 0; k < 5; k++) {
        pthread_mutex_lock(&m);
        j += i;
        pthread_mutex_unlock(&m);
    }
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, grow_i, 0);
    pthread_create(&b, 0, grow_j, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(i <= 144 && j <= 144);
    return 0;
}

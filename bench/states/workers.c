/* N identical workers, each adding to a shared total twice under a mutex; main joins them
 * and checks the total. dpor explores (2N)!/2^N orders of the critical sections; the
 * states engine explores distinct states up to thread permutation (ids are observable
 * through pthread_join here, so without symmetry: it only merges equal states). */
#include <assert.h>
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int total;
void *worker(void *arg) {
    for (int i = 0; i < 2; i++) {
        pthread_mutex_lock(&m);
        total++;
        pthread_mutex_unlock(&m);
    }
    return 0;
}
int main(void) {
    pthread_t t[N];
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], 0, worker, 0);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], 0);
    assert(total == 2 * N);
    return 0;
}

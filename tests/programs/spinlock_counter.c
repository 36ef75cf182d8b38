/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: trylock free 0
 * stdout: trylock held is EBUSY 1
 * stdout: counter 300
 */
#include <stdio.h>
#include <errno.h>
#include <pthread.h>

static pthread_spinlock_t sl;
static long counter;

static void *worker(void *arg) {
    (void)arg;
    for (int i = 0; i < 50; i++) {
        pthread_spin_lock(&sl);
        counter += 2;
        pthread_spin_unlock(&sl);
    }
    return NULL;
}

int main(void) {
    pthread_spin_init(&sl, PTHREAD_PROCESS_PRIVATE);
    printf("trylock free %d\n", pthread_spin_trylock(&sl));
    printf("trylock held is EBUSY %d\n", pthread_spin_trylock(&sl) == EBUSY);
    pthread_spin_unlock(&sl);
    pthread_t t[3];
    for (int i = 0; i < 3; i++) pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < 3; i++) pthread_join(t[i], NULL);
    printf("counter %ld\n", counter);
    pthread_spin_destroy(&sl);
    return 0;
}

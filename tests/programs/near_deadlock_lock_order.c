/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: both done, total 2
 */
#include <stdio.h>
#include <pthread.h>

static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t b = PTHREAD_MUTEX_INITIALIZER;
static pthread_barrier_t bar;
static int total;

/* same shape as the deadlocking version, but both threads take a before b */
static void *worker(void *arg) {
    (void)arg;
    pthread_barrier_wait(&bar);
    pthread_mutex_lock(&a);
    pthread_mutex_lock(&b);
    total++;
    pthread_mutex_unlock(&b);
    pthread_mutex_unlock(&a);
    return NULL;
}

int main(void) {
    pthread_barrier_init(&bar, NULL, 2);
    pthread_t x, y;
    pthread_create(&x, NULL, worker, NULL);
    pthread_create(&y, NULL, worker, NULL);
    pthread_join(x, NULL);
    pthread_join(y, NULL);
    printf("both done, total %d\n", total);
    pthread_barrier_destroy(&bar);
    return 0;
}

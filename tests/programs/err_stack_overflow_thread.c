/* ravel-test
 * run: error stack-overflow
 * seeds: 3
 */
#include <pthread.h>

static long sum_down(long n) {
    volatile long pad[32];
    pad[0] = n;
    return n == 0 ? 0 : n + sum_down(n - 1) + pad[0] - n;
}

static void *worker(void *arg) {
    (void)arg;
    return (void *)sum_down(100000000L);
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    return 0;
}

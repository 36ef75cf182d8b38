/* ravel-test
 * run: error use-after-free
 * seeds: 5
 */
#include <stdlib.h>
#include <pthread.h>

static void *consume(void *arg) {
    int *buf = arg;
    int s = buf[0] + buf[1];
    free(buf);
    return (void *)(long)s;
}

int main(void) {
    int *buf = malloc(2 * sizeof *buf);
    buf[0] = 1;
    buf[1] = 2;
    pthread_t t;
    pthread_create(&t, NULL, consume, buf);
    pthread_join(t, NULL);
    buf[0] = 3; /* the thread already freed it */
    return 0;
}

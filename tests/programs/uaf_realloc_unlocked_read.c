/* ravel-test
 * one thread grows a shared buffer with realloc under a lock; the other takes the
 * pointer under the lock but reads through it after unlocking: the block may have moved
 * and the old one been freed by then.
 * check: unsafe data-race
 */
#include <pthread.h>
#include <stdlib.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int *buf;
int got;
void *grower(void *p) {
    pthread_mutex_lock(&m);
    buf = realloc(buf, 64 * sizeof *buf);
    pthread_mutex_unlock(&m);
    return 0;
}
void *reader(void *p) {
    pthread_mutex_lock(&m);
    int *b = buf;
    pthread_mutex_unlock(&m);
    got = b[0];
    return 0;
}
int main(void) {
    pthread_t a, b;
    buf = calloc(4, sizeof *buf);
    pthread_create(&a, 0, grower, 0);
    pthread_create(&b, 0, reader, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    free(buf);
    return 0;
}

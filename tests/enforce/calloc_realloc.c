#include <pthread.h>
#include <stdlib.h>
long *buf;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *grow(void *arg) {
    pthread_mutex_lock(&m);
    buf[0] += 1;
    pthread_mutex_unlock(&m);
    return 0;
}
int main(void) {
    buf = calloc(2, sizeof(long));
    buf = realloc(buf, 4 * sizeof(long));
    buf[3] = 7;
    pthread_t a, b;
    pthread_create(&a, 0, grow, 0);
    pthread_create(&b, 0, grow, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    long r = buf[0] + buf[3];
    free(buf);
    return r == 9 ? 0 : 1;
}

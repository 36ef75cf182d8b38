/* ravel-test
 * Division by a symbolic divisor read from another thread: 100 / (d - 7) divides by zero
 * only when the reader runs after the writer published d and d == 7 (the dividend is
 * concrete, so there is no signed-overflow case).
 * check: unsafe division-by-zero
 * check-all: unsafe division-by-zero
 */
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int d, ready, q;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *writer(void *p) {
    int v = __VERIFIER_nondet_int();
    pthread_mutex_lock(&m);
    d = v;
    ready = 1;
    pthread_mutex_unlock(&m);
    return 0;
}
void *reader(void *p) {
    pthread_mutex_lock(&m);
    if (ready)
        q = 100 / (d - 7);
    pthread_mutex_unlock(&m);
    return 0;
}
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, writer, 0);
    pthread_create(&t[1], 0, reader, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return 0;
}

/* ravel-test
 * three threads, two critical sections each on one mutex: multinomial 6!/(2!2!2!) = 90
 * run: ok
 * check: safe executions=90
 * check-all: safe executions=90
 */
/* Derivation. As with two threads: a class is an order of the 6 critical sections that
 * keeps each thread's two in program order: 6! / (2! 2! 2!) = 720 / 8 = 90. */
#include <pthread.h>
#include <assert.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
long c;
void *w(void *p) {
    for (int i = 0; i < 2; i++) {
        pthread_mutex_lock(&m);
        c++;
        pthread_mutex_unlock(&m);
    }
    return 0;
}
int main(void) {
    pthread_t t[3];
    for (int i = 0; i < 3; i++) pthread_create(&t[i], 0, w, 0);
    for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
    assert(c == 6);
    return 0;
}

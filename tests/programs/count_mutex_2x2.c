/* ravel-test
 * two threads, two critical sections each on one mutex: C(4,2) = 6
 * run: ok
 * check: safe executions=6
 * check-all: safe executions=6
 */
/* Derivation. All lock/unlock operations on m conflict, and a critical section cannot
 * interleave with another, so a class is an order of the 4 critical sections that keeps
 * each thread's two in program order: 4! / (2! 2!) = 6. The counter accesses inside are
 * ordered by the lock, so they add nothing. */
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
    pthread_t t1, t2;
    pthread_create(&t1, 0, w, 0);
    pthread_create(&t2, 0, w, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    assert(c == 4);
    return 0;
}

/* ravel-test
 * two mutexes taken in opposite order, one at a time: orders per mutex minus the cyclic one: 3
 * run: ok
 * check: safe executions=3
 * check-all: safe executions=3
 */
/* Derivation. Thread a: critical section on m1 (A1) then on m2 (A2); thread b: on m2 (B2)
 * then on m1 (B1); never both held. Operations on m1 and on m2 are independent, so a class
 * is a pair (order on m1, order on m2): 2 * 2 = 4, minus the cyclic pair B1 < A1 and
 * A2 < B2 (A1 < A2 < B2 < B1 < A1), which no execution has: 3. */
#include <pthread.h>
#include <assert.h>
pthread_mutex_t m1 = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t m2 = PTHREAD_MUTEX_INITIALIZER;
long c1, c2;
void *a(void *p) {
    pthread_mutex_lock(&m1); c1++; pthread_mutex_unlock(&m1);
    pthread_mutex_lock(&m2); c2++; pthread_mutex_unlock(&m2);
    return 0;
}
void *b(void *p) {
    pthread_mutex_lock(&m2); c2++; pthread_mutex_unlock(&m2);
    pthread_mutex_lock(&m1); c1++; pthread_mutex_unlock(&m1);
    return 0;
}
int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, 0, a, 0);
    pthread_create(&t2, 0, b, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    assert(c1 == 2 && c2 == 2);
    return 0;
}

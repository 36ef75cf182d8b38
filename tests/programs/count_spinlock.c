/* ravel-test
 * pthread spin lock: one thread has one critical section, the other two: C(3,1) = 3
 * run: ok
 * check: safe executions=3
 * check-all: safe executions=3
 */
/* Derivation. Spin lock and unlock operations on one lock all conflict; a class is an
 * order of the critical sections keeping each thread's in program order: a's single
 * section goes before, between or after b's two: 3. (A spin lock that is taken waits;
 * waiting is not an operation that splits classes.) */
#include <pthread.h>
#include <assert.h>
pthread_spinlock_t sl;
long c;
void *a(void *p) { pthread_spin_lock(&sl); c++; pthread_spin_unlock(&sl); return 0; }
void *b(void *p) {
    for (int i = 0; i < 2; i++) {
        pthread_spin_lock(&sl);
        c += 10;
        pthread_spin_unlock(&sl);
    }
    return 0;
}
int main(void) {
    pthread_t t1, t2;
    pthread_spin_init(&sl, PTHREAD_PROCESS_PRIVATE);
    pthread_create(&t1, 0, a, 0);
    pthread_create(&t2, 0, b, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    assert(c == 21);
    return 0;
}

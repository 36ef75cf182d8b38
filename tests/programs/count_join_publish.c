/* ravel-test
 * main loads a flag before joining and reads plain data after joining: 2
 * run: ok
 * check: safe executions=2
 * check-all: safe executions=2
 */
/* Derivation. Thread a: d = 5 (plain), then store f = 1 (atomic). Main: load f (before the
 * join, unordered with the store: 2 classes, it reads 0 or 1), join a, read d. The read
 * of d comes after the join, so it is ordered after the plain write: no race, no further
 * class (it always reads 5). 2. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
long d;
atomic_long f;
void *a(void *p) { d = 5; atomic_store(&f, 1); return 0; }
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, a, 0);
    long seen = atomic_load(&f);
    pthread_join(t, 0);
    assert(d == 5 && (seen == 0 || seen == 1));
    return 0;
}

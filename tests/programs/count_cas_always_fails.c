/* ravel-test
 * one store and two CAS that can never succeed: failed CAS are reads and commute: 2^2 = 4
 * run: ok
 * check: safe executions=4
 * check-all: safe executions=4
 */
/* Derivation. S = store x = 1; F1 = CAS(x, 5 -> 6), F2 = CAS(x, 5 -> 7). x is never 5, so
 * both CAS fail in every order and only read x. Each is before or after S (conflict, it
 * reads 0 or 1); F1 and F2 commute. 2 * 2 = 4 (like 2 readers and 1 writer). Were failed
 * CAS writes, all 3! = 6 orders would differ.
 * The frozen sleep-set baseline reports 6: it treats a failed CAS as conflicting
 * with loads and other failed CAS (AccessKind::FailedRmw). */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
atomic_long x;
void *st(void *p) { atomic_store(&x, 1); return 0; }
void *f1(void *p) { long e = 5; assert(!atomic_compare_exchange_strong(&x, &e, 6)); return 0; }
void *f2(void *p) { long e = 5; assert(!atomic_compare_exchange_strong(&x, &e, 7)); return 0; }
int main(void) {
    pthread_t t[3];
    pthread_create(&t[0], 0, st, 0);
    pthread_create(&t[1], 0, f1, 0);
    pthread_create(&t[2], 0, f2, 0);
    for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
    assert(atomic_load(&x) == 1);
    return 0;
}

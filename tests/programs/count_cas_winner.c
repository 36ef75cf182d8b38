/* ravel-test
 * two CAS from 0 race for one variable, a third thread loads it: the losing CAS only reads: 4
 * run: ok
 * check: safe executions=4
 * check-all: safe executions=4
 */
/* Derivation. C1 = CAS(x, 0 -> 1), C2 = CAS(x, 0 -> 2), L = load of x.
 * The first CAS wins (reads 0, writes), the second fails: a failed CAS only reads x (it
 * reads the winner's value). Winner: 2 choices. L conflicts with the winning CAS: before it
 * (reads 0) or after it; after it, L and the failed CAS are two reads and commute, so that
 * is one class. 2 * 2 = 4 (as execution graphs: the winner reads 0, the loser reads from
 * the winner, L reads 0 or the winner's value). If a failed CAS counted as a write, L
 * before/after the loser would split the second case: 6.
 * The frozen sleep-set baseline reports 6: it treats a failed CAS as conflicting
 * with loads (AccessKind::FailedRmw). */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
atomic_long x;
void *c1(void *p) { long e = 0; atomic_compare_exchange_strong(&x, &e, 1); return 0; }
void *c2(void *p) { long e = 0; atomic_compare_exchange_strong(&x, &e, 2); return 0; }
void *ld(void *p) { (void)atomic_load(&x); return 0; }
int main(void) {
    pthread_t t[3];
    pthread_create(&t[0], 0, c1, 0);
    pthread_create(&t[1], 0, c2, 0);
    pthread_create(&t[2], 0, ld, 0);
    for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
    long v = atomic_load(&x);
    assert(v == 1 || v == 2);
    return 0;
}

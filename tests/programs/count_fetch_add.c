/* ravel-test
 * two threads each do two atomic fetch_adds on one counter: C(4,2) = 6
 * run: ok
 * check: safe executions=6
 * check-all: safe executions=6
 */
/* Derivation. A fetch_add reads and writes: any two on the same counter conflict, so
 * every interleaving of the two program-ordered pairs is a class: C(4,2) = 6. The final
 * load in main comes after both joins. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
atomic_long c;
void *w(void *p) { atomic_fetch_add(&c, 1); atomic_fetch_add(&c, 10); return 0; }
int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, 0, w, 0);
    pthread_create(&t2, 0, w, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    assert(atomic_load(&c) == 22);
    return 0;
}

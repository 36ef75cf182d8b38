/* ravel-test
 * A shared global array read at a symbolic index while another thread writes one cell.
 * The symbolic read may touch any cell, so it is dependent on the write: 2 orders. Reading
 * before the write, `v == 5` is false for every index (1 path); after it, true exactly for
 * i == 2 (2 paths). 3 executions; with --interleave all the same. (With race detection
 * on, the verdict would be unknown: races are checked only at the index the inputs chose.)
 * check: safe executions=3
 * check-unfold: safe executions=3
 * check-all: safe executions=3
 * check-flags: --no-races
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
_Atomic int ready;
int cells[4];
void *writer(void *p) {
    cells[2] = 5;
    atomic_store(&ready, 1);
    return 0;
}
void *reader(void *p) {
    int i = __VERIFIER_nondet_int();
    __VERIFIER_assume(i >= 0);
    __VERIFIER_assume(i < 4);
    if (atomic_load(&ready)) {
        int v = cells[i];
        if (v == 5)
            assert(i == 2);
    }
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, writer, 0);
    pthread_create(&b, 0, reader, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}

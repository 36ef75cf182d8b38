/* ravel-test
 * A symbolic index into a thread's own array: the store and the loads happen at a symbolic
 * offset (no concretisation), the bounds check never fails under the assumption, and the
 * sum identity holds for every index, so nothing splits except the short-circuit of the
 * assumption's `&&` (`i < 0` reaches `assume(0)`: blocked; `i < 4` is a value, which the
 * assumption adds to the path constraint without a split).
 * check: safe executions=1 blocked=1
 * check-unfold: safe executions=1 blocked=1
 */
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int result;
void *worker(void *p) {
    int a[4] = {1, 2, 3, 4};
    int i = __VERIFIER_nondet_int();
    __VERIFIER_assume(i >= 0 && i < 4);
    a[i] = 10;
    assert(a[0] + a[1] + a[2] + a[3] == 20 - (i + 1));
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    return 0;
}

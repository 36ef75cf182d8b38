/* ravel-test
 * an assumption cuts executions: the read sees 0 (blocked) or 1 (complete); a failing
 * assumption is a scheduling point that ends the execution, so it conflicts with every
 * other step: after reading 0 it comes before the store, between the store and main's
 * join of the writer, or after that join: three blocked executions
 * check: safe executions=1 blocked=3
 * unfold: the failing assumption ends the run whatever the writer did, so one blocked configuration
 * check-unfold: safe executions=1 blocked=1
 * check-all: safe executions=1 blocked=3
 */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
extern void __VERIFIER_assume(int);
atomic_int x;
void *w(void *p) { atomic_store(&x, 1); return 0; }
void *r(void *p) { int v = atomic_load(&x); __VERIFIER_assume(v == 1); return 0; }
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, w, 0);
    pthread_create(&t[1], 0, r, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return 0;
}

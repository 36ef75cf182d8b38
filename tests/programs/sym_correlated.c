/* ravel-test
 * Two threads branch on the same symbolic value (written by main before creating them):
 * g > 0 and g >= 1 are the same condition, so the second test never splits. The threads
 * only read g and write their own variables: 1 class x 2 paths = 2. The final assertion
 * compares concrete values.
 * check: safe executions=2
 * check-unfold: safe executions=2
 * check-all: safe executions=2
 */
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int g, a, b;
void *f1(void *p) { int v = g; if (v > 0) a = 1; else a = 2; return 0; }
void *f2(void *p) { int v = g; if (v >= 1) b = 1; else b = 2; return 0; }
int main(void) {
    g = __VERIFIER_nondet_int();
    pthread_t t[2];
    pthread_create(&t[0], 0, f1, 0);
    pthread_create(&t[1], 0, f2, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    assert(a == b);
    return 0;
}

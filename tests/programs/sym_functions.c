/* ravel-test
 * Symbolic values passed to functions and returned: clamp() has 3 paths (v < 0, v > 100,
 * otherwise); twice() is arithmetic only. Two threads, each with its own input and its own
 * output variable: 1 class x 3 x 3 paths = 9. The checks in main never fail (no split).
 * check: safe executions=9
 * check-unfold: safe executions=9
 * check-all: safe executions=9
 */
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int out0, out1;
static int clamp(int v) {
    if (v < 0) return 0;
    if (v > 100) return 100;
    return v;
}
static int twice(int v) { return v * 2; }
static int input(void) { return __VERIFIER_nondet_int(); }
void *w(void *p) {
    int *out = p;
    int a = input();
    *out = twice(clamp(a));
    return 0;
}
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, w, &out0);
    pthread_create(&t[1], 0, w, &out1);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    int a = out0, b = out1;
    assert(a >= 0);
    assert(a <= 200);
    assert(b >= 0);
    assert(b <= 200);
    return 0;
}

/* ravel-test
 * Two producers publish a symbolic value each with a flag; a third thread compares them
 * three ways only when it saw both flags. Classes: fa read before its store (fb never read)
 * 1; fa after, fb before 1; both after 1 with a < b / a == b / a > b = 3 paths. 1+1+3 = 5.
 * check: safe executions=5
 * check-unfold: safe executions=5
 * check-all: safe executions=5
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
extern int __VERIFIER_nondet_int(void);
int a, b, r;
atomic_int fa, fb;
void *pa(void *p) { a = __VERIFIER_nondet_int(); atomic_store(&fa, 1); return 0; }
void *pb(void *p) { b = __VERIFIER_nondet_int(); atomic_store(&fb, 1); return 0; }
void *cmp(void *p) {
    if (atomic_load(&fa) && atomic_load(&fb)) {
        int x = a, y = b;
        if (x < y) r = -1;
        else if (x == y) r = 0;
        else r = 1;
    }
    return 0;
}
int main(void) {
    pthread_t t[3];
    pthread_create(&t[0], 0, pa, 0);
    pthread_create(&t[1], 0, pb, 0);
    pthread_create(&t[2], 0, cmp, 0);
    for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
    return 0;
}

/* ravel-test
 * A chain of comparisons: under x > 10 the inner x < 5 (an assertion failure) is infeasible,
 * under x <= 10 it splits. Paths {x>10}, {x<5}, {5<=x<=10} = 3. Both threads then take the
 * mutex once: 2 lock orders. 3 x 2 = 6.
 * check: safe executions=6
 * check-unfold: safe executions=6
 * check-all: safe executions=6
 */
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int c, r;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *f1(void *p) {
    int x = __VERIFIER_nondet_int();
    if (x > 10) {
        if (x < 5)
            assert(0);
        r = 1;
    } else {
        if (x < 5) r = 2;
        else r = 3;
    }
    pthread_mutex_lock(&m);
    c++;
    pthread_mutex_unlock(&m);
    return 0;
}
void *f2(void *p) {
    pthread_mutex_lock(&m);
    c++;
    pthread_mutex_unlock(&m);
    return 0;
}
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, f1, 0);
    pthread_create(&t[1], 0, f2, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    assert(c == 2);
    assert(r >= 1 && r <= 3);
    return 0;
}

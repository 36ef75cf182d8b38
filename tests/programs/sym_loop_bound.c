/* ravel-test
 * A loop bound n assumed in 0..3: the loop test i < n splits at i = 0, 1, 2 (never at 3),
 * so 4 paths; on path n = k T1 takes the mutex k times and T2 once: k + 1 lock orders.
 * 1 + 2 + 3 + 4 = 10. Main's check is on a concrete value.
 * check: safe executions=10
 * check-unfold: safe executions=10
 * check-all: safe executions=10
 */
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int c;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *f1(void *p) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0);
    __VERIFIER_assume(n <= 3);
    for (int i = 0; i < n; i++) {
        pthread_mutex_lock(&m);
        c++;
        pthread_mutex_unlock(&m);
    }
    return 0;
}
void *f2(void *p) {
    pthread_mutex_lock(&m);
    c += 10;
    pthread_mutex_unlock(&m);
    return 0;
}
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, f1, 0);
    pthread_create(&t[1], 0, f2, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    int s = c;
    assert(s >= 10 && s <= 13);
    return 0;
}

/* ravel-test
 * A switch on a symbolic value with 3 cases and a default: 4 paths. Both threads then take
 * the mutex once: 2 lock orders. 4 x 2 = 8 (the final check is on a concrete value).
 * check: safe executions=8
 * check-unfold: safe executions=8
 * check-all: safe executions=8
 */
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int c;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *f1(void *p) {
    int v = __VERIFIER_nondet_int();
    int k;
    switch (v) {
    case 1: k = 10; break;
    case 2: k = 20; break;
    case 3: k = 30; break;
    default: k = 0; break;
    }
    pthread_mutex_lock(&m);
    c += k;
    pthread_mutex_unlock(&m);
    return 0;
}
void *f2(void *p) {
    pthread_mutex_lock(&m);
    c += 1;
    pthread_mutex_unlock(&m);
    return 0;
}
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, f1, 0);
    pthread_create(&t[1], 0, f2, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    int s = c;
    assert(s == 1 || s == 11 || s == 21 || s == 31);
    return 0;
}

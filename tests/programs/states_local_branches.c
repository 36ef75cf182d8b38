/* ravel-test
 * two threads branch on inputs of their own before one shared write each: a branch on
 * thread-local inputs commutes with every other step, so the states engine steps such a
 * thread alone (116 states; 124 while main's read of x after its joins, when every
 * other thread has ended and was joined, still was a step of its own; 161 when the
 * states engine also interleaved those branches with the other thread's steps)
 * check-all: safe
 * check-states: safe executions=4 states=116
 * check-flags: --no-races
 */
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int x;
void *w(void *p) {
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    int v = 1;
    if (a > 0) v += 1;
    if (b > 0) v += 2;
    x = v;
    return 0;
}
int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, w, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    assert(x >= 1 && x <= 4);
    return 0;
}

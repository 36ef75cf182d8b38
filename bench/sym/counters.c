/* N threads each read a symbolic value and, depending on its sign, increment counter a or
 * counter b under one mutex; main checks a + b == N. Safe. Symbolically: N! lock orders x
 * 2^N paths; enumerating D values per input: N! x D^N. */
#include <assert.h>
#include <pthread.h>
#ifndef N
#define N 3
#endif
extern int __VERIFIER_nondet_int(void);
int a, b;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *w(void *p) {
    int v = __VERIFIER_nondet_int();
    if (v > 0) {
        pthread_mutex_lock(&m);
        a++;
        pthread_mutex_unlock(&m);
    } else {
        pthread_mutex_lock(&m);
        b++;
        pthread_mutex_unlock(&m);
    }
    return 0;
}

int main(void) {
    pthread_t t[N];
    for (int i = 0; i < N; i++) pthread_create(&t[i], 0, w, 0);
    for (int i = 0; i < N; i++) pthread_join(t[i], 0);
    assert(a + b == N);
    return 0;
}

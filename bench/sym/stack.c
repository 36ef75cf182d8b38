/* Bounded LIFO stack (capacity N) under one mutex: a pusher pushes N symbolic items, a
 * popper pops N. Each slot keeps the index of its push, and the popper checks that the
 * popped value is the one pushed with that index (so no branch on the data ever splits).
 * An operation on an empty container waits with __VERIFIER_assume (the schedules where it
 * would wait are dropped as blocked), so every execution is finite.
 * Safe: every popped item was pushed, each exactly once. */
#include <assert.h>
#include <pthread.h>
#ifndef N
#define N 3
#endif
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int stk[N], idx[N], pushed[N], popped[N];
int top;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *pusher(void *p) {
    for (int i = 0; i < N; i++) {
        int v = __VERIFIER_nondet_int();
        pthread_mutex_lock(&m);
        pushed[i] = v;
        stk[top] = v;
        idx[top] = i;
        top++;
        pthread_mutex_unlock(&m);
    }
    return 0;
}

static void *popper(void *p) {
    for (int i = 0; i < N; i++) {
        pthread_mutex_lock(&m);
        __VERIFIER_assume(top > 0);
        top--;
        int v = stk[top], k = idx[top];
        assert(k >= 0 && k < N);
        assert(!popped[k]);
        assert(v == pushed[k]);
        popped[k] = 1;
        pthread_mutex_unlock(&m);
    }
    return 0;
}

int main(void) {
    pthread_t p, c;
    pthread_create(&p, 0, pusher, 0);
    pthread_create(&c, 0, popper, 0);
    pthread_join(p, 0);
    pthread_join(c, 0);
    assert(top == 0);
    for (int i = 0; i < N; i++) assert(popped[i]);
    return 0;
}

/* N threads increment a counter under one mutex: N! orders of the critical sections. */
#include <assert.h>
#include <pthread.h>
#ifndef N
#define N 3
#endif
int c;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static void *w(void *p) { pthread_mutex_lock(&m); c++; pthread_mutex_unlock(&m); return 0; }
int main(void) {
    pthread_t t[N];
    for (int i = 0; i < N; i++) pthread_create(&t[i], 0, w, 0);
    for (int i = 0; i < N; i++) pthread_join(t[i], 0);
    assert(c == N);
    return 0;
}

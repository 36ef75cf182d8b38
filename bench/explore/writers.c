/* N threads each store to one shared atomic variable: N! classes. */
#include <pthread.h>
#include <stdatomic.h>
#ifndef N
#define N 3
#endif
atomic_int x;
static void *w(void *p) { atomic_store(&x, (int)(long)p); return 0; }
int main(void) {
    pthread_t t[N];
    for (long i = 0; i < N; i++) pthread_create(&t[i], 0, w, (void *)(i + 1));
    for (int i = 0; i < N; i++) pthread_join(t[i], 0);
    return 0;
}

/* N threads pass a token around a ring forever (mutex + condition variable): finitely
 * many states, no end. Only the unfold engine's cutoffs can finish it. */
#include <assert.h>
#include <pthread.h>
#ifndef N
#define N 3
#endif
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
int turn;
#ifdef PAD
char pad[PAD]; /* a large state: snapshots and fingerprints cost more */
#endif
static void *member(void *p) {
    int me = (int)(long)p;
    while (1) {
        pthread_mutex_lock(&m);
        while (turn != me) pthread_cond_wait(&cv, &m);
        turn = (me + 1) % N;
#ifdef PAD
        pad[me] = (char)turn;
#endif
        pthread_cond_broadcast(&cv);
        pthread_mutex_unlock(&m);
    }
    return 0;
}
int main(void) {
    pthread_t t[N];
    for (long i = 0; i < N; i++) pthread_create(&t[i], 0, member, (void *)i);
    pthread_join(t[0], 0);
    return 0;
}

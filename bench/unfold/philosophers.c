/* N dining philosophers, each takes its two forks (mutexes) in a global order, eats
 * once (a shared counter under both forks) and puts them back: lock-based, race-free. */
#include <assert.h>
#include <pthread.h>
#ifndef N
#define N 3
#endif
pthread_mutex_t fork_[N];
int meals[N];
static void *philosopher(void *p) {
    int i = (int)(long)p, a = i, b = (i + 1) % N;
    int lo = a < b ? a : b, hi = a < b ? b : a;
    pthread_mutex_lock(&fork_[lo]);
    pthread_mutex_lock(&fork_[hi]);
    meals[a]++;
    meals[b]++;
    pthread_mutex_unlock(&fork_[hi]);
    pthread_mutex_unlock(&fork_[lo]);
    return 0;
}
int main(void) {
    pthread_t t[N];
    for (int i = 0; i < N; i++) pthread_mutex_init(&fork_[i], 0);
    for (long i = 0; i < N; i++) pthread_create(&t[i], 0, philosopher, (void *)i);
    for (int i = 0; i < N; i++) pthread_join(t[i], 0);
    for (int i = 0; i < N; i++) assert(meals[i] == 2);
    return 0;
}

/* ravel-test
 * two threads hand a turn back and forth forever with a mutex and a condition variable;
 * the state space is finite (whose turn, where each thread is), so the unfold engine's
 * cutoffs finish it; dpor can only stop at its depth bound
 * check: unknown
 * check-unfold: safe
 * check-flags: --max-depth 300 --max-executions 200
 */
#include <pthread.h>
#include <assert.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
int turn;
void *player(void *arg) {
    int me = (int)(long)arg;
    while (1) {
        pthread_mutex_lock(&m);
        while (turn != me) pthread_cond_wait(&cv, &m);
        assert(turn == me);
        turn = 1 - me;
        pthread_cond_broadcast(&cv);
        pthread_mutex_unlock(&m);
    }
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, player, (void *)0);
    pthread_create(&b, 0, player, (void *)1);
    pthread_join(a, 0);
    return 0;
}

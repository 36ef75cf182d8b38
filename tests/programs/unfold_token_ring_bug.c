/* ravel-test
 * the token ring counts its rounds modulo 4 and fails once player 1 completes the
 * fourth round: a bug deep in a loop that never ends
 * check: unsafe assertion-failure
 * check-unfold: unsafe assertion-failure
 */
#include <pthread.h>
#include <assert.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
int turn, rounds;
void *player(void *arg) {
    int me = (int)(long)arg;
    while (1) {
        pthread_mutex_lock(&m);
        while (turn != me) pthread_cond_wait(&cv, &m);
        turn = 1 - me;
        rounds = (rounds + 1) % 4;
        assert(!(me == 1 && rounds == 0));
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

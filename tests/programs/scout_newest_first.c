/* ravel-test
 * a checker that fails only once all six incrementers ran (and before main exits): the
 * depth-first search meets that order late, the first scouting run (main first, then
 * always the newest thread, the program's end last) at once
 * check: unsafe assertion-failure executions=1
 * check-flags: --first-error
 */
#include <assert.h>
#include <pthread.h>
#define N 6
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x;
void *checker(void *p) {
    pthread_mutex_lock(&m);
    assert(x < N);
    pthread_mutex_unlock(&m);
    return 0;
}
void *increment(void *p) {
    pthread_mutex_lock(&m);
    x++;
    pthread_mutex_unlock(&m);
    return 0;
}
int main(void) {
    pthread_t c, t[N];
    pthread_create(&c, 0, checker, 0);
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], 0, increment, 0);
    return 0;
}

/* ravel-test
 * condition variable with a flag and a while loop, one waiter, one signaller: 2
 * run: ok
 * check: safe executions=2
 * check-all: safe executions=2
 */
/* Derivation. Both threads start with lock(m), so the classes are fixed by who locks m
 * first (everything else follows):
 *   waiter first: it sees flag == 0 and waits (releasing m); the signaller locks, sets the
 *     flag, signals (waking the waiter), unlocks; the waiter relocks, sees 1, unlocks
 *   signaller first: sets the flag, signals nobody, unlocks; the waiter locks, sees 1,
 *     never waits
 * 2 classes. */
#include <pthread.h>
#include <assert.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
long flag;
void *waiter(void *p) {
    pthread_mutex_lock(&m);
    while (!flag)
        pthread_cond_wait(&cv, &m);
    pthread_mutex_unlock(&m);
    return 0;
}
void *signaller(void *p) {
    pthread_mutex_lock(&m);
    flag = 1;
    pthread_cond_signal(&cv);
    pthread_mutex_unlock(&m);
    return 0;
}
int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, 0, waiter, 0);
    pthread_create(&t2, 0, signaller, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    assert(flag == 1);
    return 0;
}

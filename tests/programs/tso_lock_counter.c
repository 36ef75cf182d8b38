/* ravel-test
 * Two threads increment a counter under a mutex. Locking and unlocking are locked
 * instructions (fences): a thread's increment is visible before its unlock, and the other
 * thread loads the counter only after its lock. Classes, both models: the 2 orders of the
 * critical sections (every flush and load is ordered by them).
 * run: ok
 * check-all: safe executions=2
 * check-tso: safe executions=2
 * check-tso-sync: safe executions=2
 * check-flags: --no-races
 */
#include <assert.h>
#include <pthread.h>
int c;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static void *w(void *p) {
    pthread_mutex_lock(&m);
    c++;
    pthread_mutex_unlock(&m);
    return 0;
}
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, w, 0);
    pthread_create(&t[1], 0, w, 0);
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    assert(c == 2);
    return 0;
}

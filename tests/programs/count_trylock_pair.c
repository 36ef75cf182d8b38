/* ravel-test
 * two threads trylock one mutex: the first succeeds, the second fails inside or succeeds after: 4
 * run: ok
 * check: safe executions=4
 * check-all: safe executions=4
 */
/* Derivation. Each thread: T (trylock) and, if it succeeded, U (unlock). The first trylock
 * always succeeds (2 choices of thread). The other's trylock comes either while the lock
 * is held (between T and U of the first: fails) or after U (succeeds, then unlocks).
 * At most one trylock can fail, so no two failing trylocks could ever commute. 2 * 2 = 4. */
#include <pthread.h>
#include <assert.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
long c;
void *f(void *p) {
    if (pthread_mutex_trylock(&m) == 0) {
        c++;
        pthread_mutex_unlock(&m);
    }
    return 0;
}
int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, 0, f, 0);
    pthread_create(&t2, 0, f, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    assert(c == 1 || c == 2);
    return 0;
}

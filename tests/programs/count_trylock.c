/* ravel-test
 * trylock against lock/unlock: before the lock (succeeds), inside (fails), after (succeeds): 3
 * run: ok
 * check: safe executions=3
 * check-all: safe executions=3
 */
/* Derivation. Thread a: L (lock), U (unlock). Thread b: T (trylock), and U' (unlock) if T
 * succeeded. Every operation on m conflicts.
 *   T before L: T succeeds, then U', then L, U          (L must wait for U')
 *   T between L and U: T fails (it only reads the lock, but that read is ordered after L
 *     and before U)
 *   T after U: T succeeds, then U'
 * 3 classes; c ends as 1 or 2. */
#include <pthread.h>
#include <assert.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
long c;
void *a(void *p) { pthread_mutex_lock(&m); c++; pthread_mutex_unlock(&m); return 0; }
void *b(void *p) {
    if (pthread_mutex_trylock(&m) == 0) {
        c++;
        pthread_mutex_unlock(&m);
    }
    return 0;
}
int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, 0, a, 0);
    pthread_create(&t2, 0, b, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    assert(c == 1 || c == 2);
    return 0;
}

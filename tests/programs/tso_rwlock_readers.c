/* ravel-test
 * A writer updates two fields under a write lock while a reader reads them under a read
 * lock: lock operations are fences, so the reader never sees a half update under TSO
 * either. Classes, both models: the reader's critical section before or after the
 * writer's: 2.
 * run: ok
 * check-all: safe executions=2
 * check-tso: safe executions=2
 * check-flags: --no-races
 */
#include <assert.h>
#include <pthread.h>
int a, b;
pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;
static void *writer(void *p) {
    pthread_rwlock_wrlock(&l);
    a = 1;
    b = 1;
    pthread_rwlock_unlock(&l);
    return 0;
}
static void *reader(void *p) {
    pthread_rwlock_rdlock(&l);
    int x = a, y = b;
    pthread_rwlock_unlock(&l);
    assert(x == y);
    return 0;
}
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, writer, 0);
    pthread_create(&t[1], 0, reader, 0);
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    return 0;
}

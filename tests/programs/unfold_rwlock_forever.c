/* ravel-test
 * two readers and a writer loop forever on a read-write lock; the writer keeps two
 * fields equal, readers check them
 * check: unknown
 * check-unfold: safe
 * check-flags: --max-depth 300 --max-executions 200
 */
#include <pthread.h>
#include <assert.h>
pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
int a, b;
void *writer(void *arg) {
    while (1) {
        pthread_rwlock_wrlock(&rw);
        a = (a + 1) % 2;
        b = a;
        pthread_rwlock_unlock(&rw);
    }
    return 0;
}
void *reader(void *arg) {
    while (1) {
        pthread_rwlock_rdlock(&rw);
        assert(a == b);
        pthread_rwlock_unlock(&rw);
    }
    return 0;
}
int main(void) {
    pthread_t w, r1, r2;
    pthread_create(&w, 0, writer, 0);
    pthread_create(&r1, 0, reader, 0);
    pthread_create(&r2, 0, reader, 0);
    pthread_join(w, 0);
    return 0;
}

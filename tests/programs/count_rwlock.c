/* ravel-test
 * two readers (rdlock/unlock) and one writer (wrlock/unlock) on one rwlock: 14
 * run: ok
 * check: safe executions=14
 * check-all: safe executions=14
 */
/* Derivation. Every rwlock operation conflicts with every other one on the same lock (a
 * rdlock changes the reader count too), so a class is a feasible order of r1 u1, r2 u2
 * (each reader's rdlock and unlock) and the writer's w uw, where w uw are adjacent and no
 * reader holds the lock between them. The C(4,2) = 6 orders of the reader operations, and
 * the points where no reader holds the lock (where w uw can go):
 *   r1 u1 r2 u2, r2 u2 r1 u1: start, middle, end   3 each
 *   r1 r2 u1 u2, r1 r2 u2 u1, r2 r1 u1 u2, r2 r1 u2 u1: start, end   2 each
 * 3 + 3 + 4 * 2 = 14. Inside, readers read and the writer writes x: ordered by the lock. */
#include <pthread.h>
#include <assert.h>
pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
long x;
void *reader(void *p) {
    pthread_rwlock_rdlock(&rw);
    long v = x;
    pthread_rwlock_unlock(&rw);
    assert(v == 0 || v == 1);
    return 0;
}
void *writer(void *p) {
    pthread_rwlock_wrlock(&rw);
    x = 1;
    pthread_rwlock_unlock(&rw);
    return 0;
}
int main(void) {
    pthread_t t[3];
    pthread_create(&t[0], 0, reader, 0);
    pthread_create(&t[1], 0, reader, 0);
    pthread_create(&t[2], 0, writer, 0);
    for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
    return 0;
}

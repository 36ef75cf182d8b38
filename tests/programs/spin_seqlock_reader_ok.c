/* ravel-test
 * a seqlock: the writer makes the sequence odd while it updates a pair, the reader
 * retries while the sequence is odd or changed under it, so it only ever sees a
 * consistent pair: correct, and no schedule hangs.
 * run: ok
 * check: safe
 * check-all: safe
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
atomic_uint seq;
atomic_int x, y;
void *writer(void *p) {
    for (int i = 1; i <= 2; i++) {
        atomic_fetch_add(&seq, 1);
        atomic_store(&x, i);
        atomic_store(&y, i);
        atomic_fetch_add(&seq, 1);
    }
    return 0;
}
void *reader(void *p) {
    unsigned s1, s2;
    int a, b;
    do {
        s1 = atomic_load(&seq);
        a = atomic_load(&x);
        b = atomic_load(&y);
        s2 = atomic_load(&seq);
    } while ((s1 & 1) || s1 != s2);
    assert(a == b);
    return 0;
}
int main(void) {
    pthread_t w, r;
    pthread_create(&w, 0, writer, 0);
    pthread_create(&r, 0, reader, 0);
    pthread_join(w, 0);
    pthread_join(r, 0);
    return 0;
}

/* ravel-test
 * a seqlock writer that returns in the middle of an update (the sequence stays odd):
 * a reader that comes after it retries forever, one read of the sequence and the pair
 * after another.
 * run: error hang
 * check: unsafe hang
 * check-all: unsafe hang
 */
#include <pthread.h>
#include <stdatomic.h>
atomic_uint seq;
atomic_int x, y;
void *writer(void *p) {
    atomic_fetch_add(&seq, 1);
    atomic_store(&x, 1);
    atomic_store(&y, 1);
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
    return (void *)(long)(a + b);
}
int main(void) {
    pthread_t w, r;
    pthread_create(&w, 0, writer, 0);
    pthread_create(&r, 0, reader, 0);
    pthread_join(w, 0);
    pthread_join(r, 0);
    return 0;
}

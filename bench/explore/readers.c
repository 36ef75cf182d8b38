/* readers: N threads each read x once, one thread writes x once (the readers-writer
 * example of DPOR papers, e.g. Abdulla et al., "Optimal Dynamic Partial Order Reduction",
 * POPL 2014). Reads commute, so a class is the set of readers that read before the write:
 * 2^N classes (by hand): N=8: 256, 10: 1,024, 13: 8,192. */
#include <pthread.h>
#ifndef N
#define N 8
#endif
int x;
static void *reader(void *arg) { return (void *)(long)x; }
static void *writer(void *arg) { x = 1; return 0; }
int main(void) {
    pthread_t r[N], w;
    pthread_create(&w, 0, writer, 0);
    for (int i = 0; i < N; i++) pthread_create(&r[i], 0, reader, 0);
    pthread_join(w, 0);
    for (int i = 0; i < N; i++) pthread_join(r[i], 0);
    return 0;
}

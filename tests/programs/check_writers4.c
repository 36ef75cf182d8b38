/* ravel-test
 * 4 threads each write x once: 4! coherence orders
 * check: safe executions=24
 * check-unfold: safe executions=24
 * check-all: safe executions=24
 */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
atomic_int x;
void *w(void *p) { atomic_store(&x, (int)(long)p); return 0; }
int main(void) {
    pthread_t t[4];
    for (long i = 0; i < 4; i++) pthread_create(&t[i], 0, w, (void *)(i + 1));
    for (int i = 0; i < 4; i++) pthread_join(t[i], 0);
    return 0;
}

/* ravel-test
 * coherence of read-read: two reads see 0/1/2 in non-decreasing order: 6
 * check: safe executions=6
 * check-unfold: safe executions=6
 * check-all: safe executions=6
 */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
atomic_int x;
void *a(void *p) { atomic_store(&x, 1); atomic_store(&x, 2); return 0; }
void *b(void *p) { (void)atomic_load(&x); (void)atomic_load(&x); return 0; }
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, a, 0);
    pthread_create(&t[1], 0, b, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return 0;
}

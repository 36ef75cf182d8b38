/* ravel-test
 * message passing
 * check: safe executions=3
 * check-unfold: safe executions=3
 * check-all: safe executions=3
 */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
atomic_int x, y;
int r1, r2;
void *a(void *p) { atomic_store(&x, 1); atomic_store(&y, 1); return 0; }
void *b(void *p) { r1 = atomic_load(&y); r2 = atomic_load(&x); return 0; }
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, a, 0);
    pthread_create(&t[1], 0, b, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return 0;
}

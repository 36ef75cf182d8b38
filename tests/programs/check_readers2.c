/* ravel-test
 * one writer, two readers: each reader before or after the write: 2^2
 * check: safe executions=4
 * unfold: atomic loads of one location conflict with each other, so 6 configurations (optimal 4)
 * check-unfold: safe executions=6
 * check-all: safe executions=4
 */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
atomic_int x;
void *w(void *p) { atomic_store(&x, 1); return 0; }
void *r(void *p) { (void)atomic_load(&x); return 0; }
int main(void) {
    pthread_t t[3];
    pthread_create(&t[0], 0, w, 0);
    pthread_create(&t[1], 0, r, 0);
    pthread_create(&t[2], 0, r, 0);
    for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
    return 0;
}

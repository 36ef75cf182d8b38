/* ravel-test
 * one writer, three readers: 2^3
 * check: safe executions=8
 * unfold: atomic loads of one location conflict with each other, so 24 configurations (optimal 8)
 * check-unfold: safe executions=24
 * check-all: safe executions=8
 */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
atomic_int x;
void *w(void *p) { atomic_store(&x, 1); return 0; }
void *r(void *p) { (void)atomic_load(&x); return 0; }
int main(void) {
    pthread_t t[4];
    pthread_create(&t[0], 0, w, 0);
    pthread_create(&t[1], 0, r, 0);
    pthread_create(&t[2], 0, r, 0);
    pthread_create(&t[3], 0, r, 0);
    for (int i = 0; i < 4; i++) pthread_join(t[i], 0);
    return 0;
}

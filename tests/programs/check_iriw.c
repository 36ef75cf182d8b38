/* ravel-test
 * independent reads of independent writes: 16 read combinations minus the one SC forbids
 * check: safe executions=15
 * unfold: atomic loads of one location conflict with each other in the unfolding, so 27 configurations (optimal 15)
 * check-unfold: safe executions=27
 * check-all: safe executions=15
 */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
atomic_int x, y;
void *wx(void *p) { atomic_store(&x, 1); return 0; }
void *wy(void *p) { atomic_store(&y, 1); return 0; }
void *r1(void *p) { (void)atomic_load(&x); (void)atomic_load(&y); return 0; }
void *r2(void *p) { (void)atomic_load(&y); (void)atomic_load(&x); return 0; }
int main(void) {
    pthread_t t[4];
    pthread_create(&t[0], 0, wx, 0);
    pthread_create(&t[1], 0, wy, 0);
    pthread_create(&t[2], 0, r1, 0);
    pthread_create(&t[3], 0, r2, 0);
    for (int i = 0; i < 4; i++) pthread_join(t[i], 0);
    return 0;
}

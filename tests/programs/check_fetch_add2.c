/* ravel-test
 * 2 threads atomically add: every pair of RMWs conflicts: 2!
 * check: safe executions=2
 * check-unfold: safe executions=2
 * check-all: safe executions=2
 */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
atomic_int c;
void *w(void *p) { atomic_fetch_add(&c, 1); return 0; }
int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, w, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    assert(atomic_load(&c) == 2);
    return 0;
}

/* ravel-test
 * unbounded thread creation: executions are cut at the thread limit, exploration goes on
 * and still finds the third increment
 * check: unsafe assertion-failure
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x;

void *f(void *p) {
    int v = atomic_fetch_add(&x, 1) + 1;
    assert(v < 3);
    return 0;
}

int main(void) {
    pthread_t t;
    while (1)
        pthread_create(&t, 0, f, 0);
}

/* ravel-test
 * a ticket lock (fetch-and-add a ticket, spin until it is served) around two increments
 * per thread: correct, and no schedule hangs.
 * run: ok
 * check: safe
 * check-all: safe
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
atomic_uint next_ticket, now_serving;
int counter;
static void acquire(void) {
    unsigned my = atomic_fetch_add(&next_ticket, 1);
    while (atomic_load(&now_serving) != my)
        ;
}
static void release(void) { atomic_fetch_add(&now_serving, 1); }
void *worker(void *p) {
    for (int i = 0; i < 2; i++) {
        acquire();
        counter++;
        release();
    }
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(counter == 4);
    return 0;
}

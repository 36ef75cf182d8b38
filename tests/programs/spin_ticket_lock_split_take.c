/* ravel-test
 * a ticket lock whose ticket is taken by a load and a store instead of one
 * fetch-and-add: two threads can draw the same ticket and enter together. (It waits
 * while its ticket is ahead of the one served, so a ticket drawn twice does not also
 * hang the thread served second.)
 * check: unsafe assertion-failure
 * check-all: unsafe assertion-failure
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
atomic_uint next_ticket, now_serving;
atomic_int inside;
static void acquire(void) {
    unsigned my = atomic_load(&next_ticket);
    atomic_store(&next_ticket, my + 1);
    while (atomic_load(&now_serving) < my)
        ;
}
static void release(void) { atomic_fetch_add(&now_serving, 1); }
void *worker(void *p) {
    acquire();
    atomic_fetch_add(&inside, 1);
    assert(atomic_load(&inside) == 1);
    atomic_fetch_sub(&inside, 1);
    release();
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}

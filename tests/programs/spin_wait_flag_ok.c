/* ravel-test
 * a correct spin-wait: the waiter spins until the other thread publishes its data.
 * run: ok
 * check: safe
 * check-all: safe
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
atomic_int flag;
int data;
void *waiter(void *p) {
    while (!atomic_load_explicit(&flag, memory_order_acquire))
        ;
    assert(data == 42);
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, waiter, 0);
    data = 42;
    atomic_store_explicit(&flag, 1, memory_order_release);
    pthread_join(t, 0);
    return 0;
}

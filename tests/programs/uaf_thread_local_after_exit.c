/* ravel-test
 * a worker publishes the address of its thread-local counter and exits; main reads
 * through the pointer without joining first, so in some schedules the read lands after
 * the worker's thread-local storage is gone (natively: a read of a dead thread's TLS).
 * check: unsafe use-after-free
 * check-all: unsafe use-after-free
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
static __thread int counter;
static _Atomic(int *) published;
static void *worker(void *arg) {
    (void)arg;
    counter = 42;
    atomic_store(&published, &counter);
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    int *p;
    while ((p = atomic_load(&published)) == 0) {
    }
    printf("%d\n", *p);
    pthread_join(t, 0);
    return 0;
}

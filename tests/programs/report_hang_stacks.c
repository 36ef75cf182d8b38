/* ravel-test
 * A hand-off that works in one order only: when the producer runs first it sets and
 * resets the flag, and the consumer spins in wait_for forever. The report gives the
 * spinning thread's call stack.
 * check: unsafe hang
 * report: check -j 1
 * report-formats: json sarif html
 */
#include <pthread.h>
#include <stdatomic.h>
atomic_int flag;
static void wait_for(atomic_int *f) {
    while (!atomic_load(f))
        ;
}
static void *producer(void *p) {
    atomic_store(&flag, 1);
    atomic_store(&flag, 0);
    return p;
}
static void *consumer(void *p) {
    wait_for(&flag);
    return p;
}
int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, 0, producer, 0);
    pthread_create(&t2, 0, consumer, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return 0;
}

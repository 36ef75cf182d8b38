/* ravel-test
 * three threads meet at a barrier and read its result: the arrival order decides the serial thread: 3! = 6
 * run: ok
 * check: safe executions=6
 * check-all: safe executions=6
 */
/* Derivation. As count_barrier.c, but each thread keeps what pthread_barrier_wait returns:
 * the last to arrive gets PTHREAD_BARRIER_SERIAL_THREAD and records its id. The arrivals
 * are then read-modify-writes of the barrier that do not commute (a different order makes
 * a different thread serial): 3! = 6 arrival orders, each its own class. The serial
 * thread's write of `serial` comes after every arrival and main reads it after joining
 * all threads, so it adds nothing. */
#include <assert.h>
#include <pthread.h>
pthread_barrier_t bar;
long serial = -1;
void *f(void *p) {
    long i = (long)p;
    if (pthread_barrier_wait(&bar) == PTHREAD_BARRIER_SERIAL_THREAD)
        serial = i;
    return 0;
}
int main(void) {
    pthread_t t[3];
    pthread_barrier_init(&bar, 0, 3);
    for (long i = 0; i < 3; i++)
        pthread_create(&t[i], 0, f, (void *)i);
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], 0);
    assert(serial >= 0 && serial < 3);
    return 0;
}

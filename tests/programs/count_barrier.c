/* ravel-test
 * three threads meet at a barrier whose result nobody reads: the arrivals commute: 1
 * run: ok
 * check: safe executions=1
 * check-all: safe executions=1
 */
/* Derivation. Each thread writes its own slot, waits at the barrier (count 3), then reads
 * the slot of the next thread. No thread reads what pthread_barrier_wait returns, so the
 * order of the arrivals decides nothing (it only says which thread is the serial one):
 * arrivals commute, and every order reaches the same state. The slot writes come before
 * every wait and the reads after all of them, so each read is ordered after the write it
 * reads and adds nothing; the slots are separate 8-byte words: 1 class. (Until session 16
 * arrivals conflicted and this program had 3! = 6; count_barrier_serial.c reads the
 * result and keeps the 6.) The frozen sleep-set baseline reports 12: it logs the wake-up
 * of each blocked waiter as a second RMW on the barrier. */
#include <pthread.h>
#include <assert.h>
pthread_barrier_t bar;
long slot[3];
void *f(void *p) {
    long i = (long)p;
    slot[i] = i + 1;
    pthread_barrier_wait(&bar);
    assert(slot[(i + 1) % 3] == (i + 1) % 3 + 1);
    return 0;
}
int main(void) {
    pthread_t t[3];
    pthread_barrier_init(&bar, 0, 3);
    for (long i = 0; i < 3; i++) pthread_create(&t[i], 0, f, (void *)i);
    for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
    return 0;
}

/* ravel-test
 * three threads meet at a barrier: the arrival order matters (barrier operations conflict): 3! = 6
 * run: ok
 * check: safe executions=6
 * check-all: safe executions=6
 */
/* Derivation. Each thread writes its own slot, waits at the barrier (count 3), then reads
 * the slot of the next thread. The three barrier waits are operations on one object, so
 * they conflict: 3! = 6 arrival orders (the last to arrive is the serial thread). The slot
 * writes come before every wait and the reads after all of them, so each read is ordered
 * after the write it reads and adds nothing; the slots are separate 8-byte words.
 * The frozen sleep-set baseline reports 12: it logs the wake-up of each blocked
 * waiter as a second RMW on the barrier, so the two wake-ups' order splits each class; a
 * wake-up only observes that the barrier opened and changes nothing. */
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

/* ravel-test
 * three threads, a barrier for two: which two make the round decides who is left waiting
 * run: error deadlock
 * seeds: 1
 * check: unsafe deadlock
 * check-all: unsafe deadlock
 */
/* Derivation. a, b and c first meet main at a start gate (a barrier of count 4), then
 * each waits once at a barrier of count 2, ignoring the results, so one of them is left
 * waiting forever. main joins b and c only: when a is left over, main returns and the
 * program ends (a still waiting is no error); when b or c is left over, main waits for it
 * forever: a deadlock. Arrivals of one round commute, but the thread that arrives in the
 * second round without having been in the first could have been in the first: its
 * arrival conflicts with the first round's, so the other pairings are explored. check's
 * first execution pairs b with c and passes; the second pairs a with b. (The exploration
 * also reaches it without that rule here, through the order of the gate's departures;
 * the rule is what makes it sound in general.) */
#include <pthread.h>
#include <stddef.h>

static pthread_barrier_t gate, bar;

static void *arrive(void *arg) {
    (void)arg;
    pthread_barrier_wait(&gate);
    pthread_barrier_wait(&bar);
    return NULL;
}

int main(void) {
    pthread_t a, b, c;
    pthread_barrier_init(&gate, NULL, 4);
    pthread_barrier_init(&bar, NULL, 2);
    pthread_create(&a, NULL, arrive, NULL);
    pthread_create(&b, NULL, arrive, NULL);
    pthread_create(&c, NULL, arrive, NULL);
    pthread_barrier_wait(&gate);
    pthread_join(b, NULL);
    pthread_join(c, NULL);
    return 0;
}

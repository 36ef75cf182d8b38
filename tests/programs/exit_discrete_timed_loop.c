/* ravel-test
 * main returns while a maintenance thread sleeps in a loop forever (as memcached's clock
 * and LRU threads do). Under --time discrete a timed wait ends only when no other thread
 * can run, and the exiting main can: the program ends before the next tick, so every
 * execution ends (before that, the exit waited for a thread that never stops, and every
 * execution was cut at the depth limit). Discrete time never allows `safe`.
 * run: ok
 * check-flags: --time discrete
 * check: unknown
 */
#include <pthread.h>
#include <unistd.h>

volatile int ticks;

void *maintainer(void *arg) {
    for (;;) {
        usleep(1000);
        ticks++;
    }
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, maintainer, 0);
    usleep(2500);
    return 0;
}

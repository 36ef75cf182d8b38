/* ravel-test
 * pthread_once with every shared access a scheduling point (init has accesses of its own): 2
 * run: ok
 * stdout: init ran once, x = 7 7
 * check-all: safe executions=2
 */
/* Derivation. The two pthread_once calls are operations on one once object and conflict:
 * the first runs init (x = 7), the second returns only once init has finished (it is
 * ordered after init's end). So the classes are which thread calls first: 2. The reads of
 * x after pthread_once are ordered after init's write and commute with each other: no
 * race, no further class. The same program as count_once.c, in `all` mode: init's own
 * accesses split the first call into several steps, which must not merge the classes.
 * The frozen sleep-set baseline reports 1 (plus one sleep-set-blocked run): in
 * `all` mode the first call's claim of the once object is a step that logs no event (only
 * the release at init's end does), so the other order is not recognised as different. */
#include <pthread.h>
#include <stdio.h>
pthread_once_t once = PTHREAD_ONCE_INIT;
long x, calls;
long seen[2];
void init(void) { calls++; x = 7; }
void *f(void *p) {
    long i = (long)p;
    pthread_once(&once, init);
    seen[i] = x;
    return 0;
}
int main(void) {
    pthread_t t[2];
    for (long i = 0; i < 2; i++) pthread_create(&t[i], 0, f, (void *)i);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    printf("init ran %s, x = %ld %ld\n", calls == 1 ? "once" : "twice", seen[0], seen[1]);
    return 0;
}

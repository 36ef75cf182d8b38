/* szymanski: Szymanski's mutual exclusion algorithm ("A simple solution to Lamport's
 * concurrent programming problem with linear wait", ICS 1988) for two threads, written from
 * its published pseudocode, each thread entering the critical section once. Awaits are
 * plain spin loops that read the flag once per iteration: the baseline recognises a spin
 * loop only then (with `while (flag[1] == 2 || flag[1] == 3);` it keeps scheduling the
 * spinning thread until --max-depth). Mutual exclusion is asserted in the critical section
 * (it holds under sequential consistency). Classes: measured with the sleep-set baseline,
 * see bench/explore/run (spin loops make the count engine-dependent). No N. */
#include <assert.h>
#include <pthread.h>
long flag[2]; /* long: one 8-byte word each, ravel's conflict granularity */
int in_cs;
static void *proc(void *arg) {
    int me = (int)(long)arg, other = 1 - me;
    flag[me] = 1;                       /* outside the waiting room */
    while (flag[other] >= 3)            /* wait for an open door */
        ;
    flag[me] = 3;                       /* in the doorway */
    if (flag[other] == 1) {             /* the other wants to enter too */
        flag[me] = 2;
        while (flag[other] != 4)        /* wait for it to close the door */
            ;
    }
    flag[me] = 4;                       /* door closed */
    if (me == 1)
        while (flag[0] >= 2)            /* lower ids leave first */
            ;
    in_cs++;
    assert(in_cs == 1);
    in_cs--;
    if (me == 0) {                      /* the waiting room saw the door close */
        long f;
        do f = flag[1]; while (f == 2 || f == 3);
    }
    flag[me] = 0;
    return 0;
}
int main(void) {
    pthread_t t[2];
    for (long i = 0; i < 2; i++) pthread_create(&t[i], 0, proc, (void *)i);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return 0;
}

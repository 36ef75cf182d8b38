/* lamport: Lamport's fast mutual exclusion algorithm ("A Fast Mutual Exclusion Algorithm",
 * ACM TOCS 1987) for two threads (ids 1 and 2; y == 0 means free), written from its
 * published pseudocode, each thread entering the critical section once; awaits are plain
 * spin loops. Mutual exclusion is asserted in the critical section (it holds under
 * sequential consistency). Classes: measured with the sleep-set baseline, see
 * bench/explore/run (spin loops make the count engine-dependent). No N. */
#include <assert.h>
#include <pthread.h>
long b[3]; /* b[1], b[2]; long: one 8-byte word each, ravel's conflict granularity */
int x, y, in_cs;
static void *proc(void *arg) {
    int me = (int)(long)arg, other = 3 - me;
    for (;;) {
        b[me] = 1;
        x = me;
        if (y != 0) {                   /* someone is inside: wait and retry */
            b[me] = 0;
            while (y != 0)
                ;
            continue;
        }
        y = me;
        if (x != me) {                  /* contention: slow path */
            b[me] = 0;
            while (b[other])
                ;
            if (y != me) {
                while (y != 0)
                    ;
                continue;
            }
        }
        break;
    }
    in_cs++;
    assert(in_cs == 1);
    in_cs--;
    y = 0;
    b[me] = 0;
    return 0;
}
int main(void) {
    pthread_t t[2];
    for (long i = 1; i <= 2; i++) pthread_create(&t[i - 1], 0, proc, (void *)i);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return 0;
}

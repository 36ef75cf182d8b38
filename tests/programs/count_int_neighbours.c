/* ravel-test
 * Store buffering on two ints that share one 8-byte word: dependence is per byte, so
 * thread 1's store to a[0] and thread 2's store to a[1] commute. Only the two store/load
 * pairs on the same int are ordered: 2 x 2 orders, minus the cyclic one where each load
 * comes before the other thread's store (W0 < R1 < W1 < R0 < W0): 3 classes. (Per word,
 * the two stores would conflict too and the count would be higher.)
 * run: ok
 * run-flags: --no-races (a litmus test: its races are the point; run checks the output)
 * check-all: safe executions=3
 * check-flags: --no-races
 */
#include <pthread.h>
int a[2];
int seen[2];
void *t1(void *p) { a[0] = 1; seen[0] = a[1]; return 0; }
void *t2(void *p) { a[1] = 1; seen[1] = a[0]; return 0; }
int main(void) {
    pthread_t x, y;
    pthread_create(&x, 0, t1, 0);
    pthread_create(&y, 0, t2, 0);
    pthread_join(x, 0);
    pthread_join(y, 0);
    return seen[0] + seen[1] == 0;
}

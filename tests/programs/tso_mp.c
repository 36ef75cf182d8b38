/* ravel-test
 * Message passing (MP): a writes data then flag; b reads flag then data. TSO keeps stores
 * in order (one FIFO buffer) and loads in order, so b never sees the flag without the
 * data. Classes, both models: the pairs (data store, data load) and (flag store, flag
 * load) each go either way, minus the cyclic combination (flag seen, data not): 3.
 * run: ok
 * run-flags: --no-races (a litmus test: its races are the point; run checks the output)
 * check-all: safe executions=3
 * check-tso: safe executions=3
 * check-flags: --no-races
 */
#include <assert.h>
#include <pthread.h>
int data, flag;
static void *a(void *p) { data = 1; flag = 1; return 0; }
static void *b(void *p) {
    int f = flag, d = data;
    assert(!(f == 1 && d == 0));
    return 0;
}
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, a, 0);
    pthread_create(&t[1], 0, b, 0);
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    return 0;
}

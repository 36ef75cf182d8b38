/* ravel-test
 * A thread reads back its own store while another thread overwrites it. SC: a's store
 * and load and b's store of x: b's store goes before a's store, between it and a's load,
 * or after the load: 3 classes. TSO: a's load is served from its buffer (its store is
 * still there: the load runs in the same step), so it is no visible operation and always
 * reads 1; only the two flushes of x are ordered, either way: 2 classes.
 * run: ok
 * check-all: safe executions=3
 * check-tso: safe executions=2
 * check-flags: --no-races
 */
#include <pthread.h>
int x, r;
static void *a(void *p) { x = 1; r = x; return 0; }
static void *b(void *p) { x = 2; return 0; }
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, a, 0);
    pthread_create(&t[1], 0, b, 0);
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    return 0;
}

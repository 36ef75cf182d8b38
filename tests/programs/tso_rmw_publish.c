/* ravel-test
 * A fetch-and-add is a locked instruction: a's data store is visible before its counter
 * increment, so b, seeing the increment, sees the data. Classes, both models: b's load of
 * the counter goes before or after a's increment; if after, b also loads the data (which a
 * stored before): 2.
 * run: ok
 * check-all: safe executions=2
 * check-tso: safe executions=2
 * check-flags: --no-races
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
int data;
atomic_int ready;
static void *a(void *p) { data = 42; atomic_fetch_add(&ready, 1); return 0; }
static void *b(void *p) {
    if (atomic_load_explicit(&ready, memory_order_relaxed) == 1) assert(data == 42);
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

/* ravel-test
 * x86-TSO lets a thread's load of a location it just stored to return another thread's
 * later store: the own store becomes visible, the other overwrites it, then the load
 * reads memory. Under SC too (store, other store, load). A check that assumes the own
 * value is unsafe under both.
 * check-all: unsafe assertion-failure
 * check-tso: unsafe assertion-failure
 * check-flags: --no-races
 */
#include <assert.h>
#include <pthread.h>
int x;
static void *a(void *p) { x = 1; assert(x == 1); return 0; }
static void *b(void *p) { x = 2; return 0; }
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, a, 0);
    pthread_create(&t[1], 0, b, 0);
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    return 0;
}

/* ravel-test
 * a thread joins another and updates what it wrote, main joins that one: everything ordered: 1
 * run: ok
 * check: safe executions=1
 * check-all: safe executions=1
 */
/* Derivation. Thread a writes x = 1. Thread b joins a (b reads the handle main stored
 * before creating b), then x = x + 1. Main joins b, then reads x. Every access to x is
 * ordered by join (a's end before b's join, b's end before main's join), and the handle
 * by create: there is no race and no pair of unordered conflicting events, so exactly one
 * class. */
#include <pthread.h>
#include <assert.h>
long x;
pthread_t ta;
void *a(void *p) { x = 1; return 0; }
void *b(void *p) { pthread_join(ta, 0); x = x + 1; return 0; }
int main(void) {
    pthread_t tb;
    pthread_create(&ta, 0, a, 0);
    pthread_create(&tb, 0, b, 0);
    pthread_join(tb, 0);
    assert(x == 2);
    return 0;
}

/* ravel-test
 * A nondeterministic input travels through a store buffer: a stores it, reads it back
 * from its own buffer, and b reads it from memory once visible. Each thread checks what it
 * read: a always its own value; b the input or the initial 0. With the input 7 and b
 * reading after the flush, b's assertion fails, under both models.
 * check-all: unsafe assertion-failure
 * check-tso: unsafe assertion-failure
 * check-flags: --no-races
 */
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int x;
static void *a(void *p) {
    int n = __VERIFIER_nondet_int();
    x = n;
    assert(x == n);
    return 0;
}
static void *b(void *p) {
    int v = x;
    assert(v != 7);
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

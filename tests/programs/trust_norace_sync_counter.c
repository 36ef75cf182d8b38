/* ravel-test
 * Two threads increment a counter without a lock and main asserts both increments
 * happened. With races not reported, `--interleave sync` alone would never interleave the
 * increments: ravel finds the race, searches again with every access a scheduling point
 * and reports the lost update, never `safe`.
 * check-flags: --no-races
 * check: unsafe assertion-failure
 * check-all: unsafe assertion-failure
 */
#include <pthread.h>
#include <assert.h>
int y;
void *inc(void *a) { y++; return 0; }
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, inc, 0);
    pthread_create(&b, 0, inc, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(y == 2);
    return 0;
}

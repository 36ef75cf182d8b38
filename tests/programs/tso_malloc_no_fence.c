/* ravel-test
 * SB with a heap allocation between each store and load: malloc touches only a block no
 * other thread sees and is no fence a program may count on, so under TSO r1 = r2 = 0 is
 * still reachable (and the verdict is not unknown, as it is for memcpy). Under SC: safe,
 * 3 classes as SB.
 * check-all: safe executions=3
 * check-tso: unsafe assertion-failure
 * check-flags: --no-races
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
int x, y, r1, r2;
static void *a(void *p) { x = 1; free(malloc(8)); r1 = y; return 0; }
static void *b(void *p) { y = 1; free(malloc(8)); r2 = x; return 0; }
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, a, 0);
    pthread_create(&t[1], 0, b, 0);
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    assert(r1 == 1 || r2 == 1);
    return 0;
}

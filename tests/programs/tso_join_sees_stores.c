/* ravel-test
 * A thread's end waits for its buffer to empty, so the thread that joins it sees its
 * stores; thread creation is a fence too, so the new thread sees its creator's. One class.
 * run: ok
 * check-all: safe executions=1
 * check-tso: safe executions=1
 * check-flags: --no-races
 */
#include <assert.h>
#include <pthread.h>
int x, y;
static void *a(void *p) { assert(x == 1); y = 2; return 0; }
int main(void) {
    pthread_t t;
    x = 1;
    pthread_create(&t, 0, a, 0);
    pthread_join(t, 0);
    assert(y == 2);
    return 0;
}

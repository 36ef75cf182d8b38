/* ravel-test
 * a value published before join is seen after it: one execution
 * check: safe executions=1
 * check-unfold: safe executions=1
 * check-all: safe executions=1
 */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
int x;
void *w(void *p) { x = 42; return 0; }
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, w, 0);
    pthread_join(t, 0);
    assert(x == 42);
    return 0;
}

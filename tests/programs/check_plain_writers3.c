/* ravel-test
 * three plain writes to one variable that main reads, with races not reported: under
 * `sync` plain accesses are no scheduling points, which would be one class, but the writes
 * race, so ravel makes every access a scheduling point as under `all` (3! classes)
 * check: safe executions=6
 * check-unfold: safe executions=6
 * check-all: safe executions=6
 * check-flags: --no-races
 */
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdatomic.h>
int x;
void *w(void *p) { x = (int)(long)p; return 0; }
int main(void) {
    pthread_t t[3];
    for (long i = 0; i < 3; i++) pthread_create(&t[i], 0, w, (void *)(i + 1));
    for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
    assert(x >= 1 && x <= 3);
    return 0;
}

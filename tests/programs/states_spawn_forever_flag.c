/* ravel-test
 * main creates threads forever; the first to see the flag clear sets it (in an atomic
 * section) and becomes the owner of a token that only it may take; others leave. Safe
 * for any number of threads.
 * check-flags: --no-deadlocks
 * check-states: safe
 */
#include <assert.h>
#include <pthread.h>
void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);
int flag, token;
void *worker(void *arg) {
    int mine = 0;
    __VERIFIER_atomic_begin();
    if (!flag) {
        flag = 1;
        mine = 1;
    }
    __VERIFIER_atomic_end();
    if (mine) {
        token++;
        assert(token == 1);
    }
    return 0;
}
int main(void) {
    pthread_t t;
    while (1)
        pthread_create(&t, 0, worker, 0);
}

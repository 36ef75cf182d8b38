/* ravel-test
 * abort() ends the whole program, but only when it is called: between the flag store and
 * the abort, the other thread may run, see the flag and fail.
 * check-all: unsafe reach-error
 * check-flags: --no-races --abort-is-assume
 */
#include <pthread.h>
#include <stdlib.h>
extern void reach_error(void);
volatile int flag;
void *quitter(void *a) {
    flag = 1;
    abort();
}
void *watcher(void *a) {
    if (flag)
        reach_error();
    return 0;
}
int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, 0, quitter, 0);
    pthread_create(&t2, 0, watcher, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return 0;
}

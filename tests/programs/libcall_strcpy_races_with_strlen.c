/* ravel-test
 * a worker strcpy's into a shared buffer while main takes its strlen, with no lock:
 * the library calls' own accesses race (ThreadSanitizer reports them natively).
 * check: unsafe data-race
 * check-all: unsafe data-race
 * check-states-races: unknown
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
static char buf[32] = "hello";
static void *worker(void *arg) {
    (void)arg;
    strcpy(buf, "world!");
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    printf("%zu\n", strlen(buf));
    pthread_join(t, 0);
    return 0;
}

/* ravel-test
 * the worker fills a shared block with memset and ends; main copies the block with
 * memcpy without joining first, so nothing orders the two calls: a race even in the
 * schedule where the worker has already finished.
 * check: unsafe data-race
 * check-all: unsafe data-race
 * check-states-races: unknown
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
static char shared_block[64];
static void *worker(void *arg) {
    (void)arg;
    memset(shared_block, 'x', sizeof shared_block);
    return 0;
}
int main(void) {
    pthread_t t;
    char local[64];
    pthread_create(&t, 0, worker, 0);
    memcpy(local, shared_block, sizeof local);
    printf("%c\n", local[0] ? local[0] : '0');
    pthread_detach(t);
    return 0;
}

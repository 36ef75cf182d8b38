/* ravel-test
 * pthread_once runs the initialiser exactly once, before any caller goes on.
 * run: ok
 * check: safe
 * check-all: safe
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
pthread_once_t once = PTHREAD_ONCE_INIT;
int *table;
static void init(void) {
    table = malloc(4 * sizeof *table);
    table[0] = 1;
}
void *user(void *p) {
    pthread_once(&once, init);
    assert(table[0] == 1);
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, user, 0);
    pthread_create(&b, 0, user, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    free(table);
    return 0;
}

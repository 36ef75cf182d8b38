/* ravel-test
 * a library's own assertion macro that prints and calls abort(), as glib's and NSPR's do:
 * the failed assertion is an error, found in the schedule where the worker is late.
 * check: unsafe abort
 * check-all: unsafe abort
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#define MY_ASSERT(c)                                        \
    do {                                                    \
        if (!(c)) {                                         \
            fprintf(stderr, "assertion failed: %s\n", #c); \
            abort();                                        \
        }                                                   \
    } while (0)
atomic_int ready;
void *worker(void *p) {
    atomic_store(&ready, 1);
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    MY_ASSERT(atomic_load(&ready));
    pthread_join(t, 0);
    return 0;
}

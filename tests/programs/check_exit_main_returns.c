/* ravel-test
 * main returns (the process exits) right after creating the threads; the threads may still
 * run before the exit, and the reader may see the writer's store and fail.
 * Under `sync` the threads' accesses are no scheduling points, but they race, and that race
 * happens in the very transition that ends the program: it must still be reported.
 * check-all: unsafe reach-error
 * check-flags: --no-races
 * check: unsafe reach-error
 */
#include <pthread.h>
extern void reach_error(void);
volatile int x;
void *writer(void *a) { x = 1; return 0; }
void *reader(void *a) { if (x == 1) reach_error(); return 0; }
int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, 0, reader, 0);
    pthread_create(&t2, 0, writer, 0);
    return 0;
}

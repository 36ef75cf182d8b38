/* ravel-test
 * a thread spins on an atomic flag nobody ever sets while main joins it: the program
 * hangs in every schedule, an error (like GenMC's --check-liveness).
 * run: error hang
 * check: unsafe hang
 * check-all: unsafe hang
 */
#include <pthread.h>
#include <stdatomic.h>
atomic_int flag;
void *waiter(void *p) {
    while (!atomic_load(&flag))
        ;
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, waiter, 0);
    pthread_join(t, 0);
    return 0;
}

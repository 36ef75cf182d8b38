/* ravel-test
 * A race between plain accesses under `--interleave sync`, where plain accesses are no
 * visible operations: the report still shows both racing accesses in the interleaving,
 * each place with file:line:column and thread.
 * check: unsafe data-race
 * check-all: unsafe data-race
 * report: check
 */
#include <pthread.h>
int hits;
void *visit(void *a) {
    hits = hits + 1;
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, visit, 0);
    pthread_create(&b, 0, visit, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}

/* ravel-test
 * a store past the end of a global no instruction reads is still an out-of-bounds
 * access: skipping the store keeps its bounds check
 * run: error out-of-bounds
 * check: unsafe out-of-bounds
 * check-states: unsafe out-of-bounds
 * check-flags: --no-races
 */
#include <pthread.h>
int written_only[4];
void *w(void *p) {
    written_only[(long)p] = 1;
    return 0;
}
int main(void) {
    pthread_t a;
    pthread_create(&a, 0, w, (void *)4);
    pthread_join(a, 0);
    return 0;
}

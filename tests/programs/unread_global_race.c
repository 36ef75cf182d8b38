/* ravel-test
 * two threads store into a global that no instruction ever reads, without a lock: the
 * contents are never observed, but the stores still race, and races are reported
 * check: unsafe data-race
 * check-all: unsafe data-race
 */
#include <pthread.h>
int written_only;
void *w(void *p) {
    written_only = (int)(long)p;
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, w, (void *)1);
    pthread_create(&b, 0, w, (void *)2);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}

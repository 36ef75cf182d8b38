/* ravel-test
 * three threads store into a global that no instruction ever reads, with races not
 * reported: nothing can tell the stores' order apart, so they are no scheduling points
 * even under `all` (one class instead of 3!), and the states engine sees one memory state
 * check: safe executions=1
 * check-all: safe executions=1
 * check-states: safe
 * check-flags: --no-races
 */
#include <pthread.h>
int written_only[4];
void *w(void *p) {
    long i = (long)p;
    written_only[0] = (int)i;
    written_only[i] = (int)i;
    return 0;
}
int main(void) {
    pthread_t t[3];
    for (long i = 0; i < 3; i++) pthread_create(&t[i], 0, w, (void *)(i + 1));
    for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
    return 0;
}

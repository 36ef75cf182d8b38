/* ravel-test
 * Four threads increment a counter five times each under a lock: far more classes than
 * five, and `--max-executions 5` stops after at most five (crates/cli/tests/trust.rs checks
 * every engine).
 * check-flags: --max-executions 5
 * check: unknown
 */
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int counter;
void *work(void *a) {
    for (int i = 0; i < 5; i++) {
        pthread_mutex_lock(&m);
        counter++;
        pthread_mutex_unlock(&m);
    }
    return 0;
}
int main(void) {
    pthread_t t[4];
    for (int i = 0; i < 4; i++) pthread_create(&t[i], 0, work, 0);
    for (int i = 0; i < 4; i++) pthread_join(t[i], 0);
    return 0;
}

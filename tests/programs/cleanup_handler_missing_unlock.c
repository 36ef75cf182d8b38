/* ravel-test
 * the worker exits while holding a mutex and its cleanup handler forgets to release it:
 * main then waits for the mutex forever.
 * run: error deadlock
 * check: unsafe deadlock
 */
#include <pthread.h>
#include <stdio.h>
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static void say(void *what) {
    puts(what);
}
static void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&lock);
    pthread_cleanup_push(say, "worker exits");
    pthread_exit(0);
    pthread_cleanup_pop(0);
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    pthread_mutex_lock(&lock);
    return 0;
}

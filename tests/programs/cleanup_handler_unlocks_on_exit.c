/* ravel-test
 * a worker holds a mutex when it calls pthread_exit; the cleanup handler it pushed
 * (pthread_cleanup_push) releases it, so main can take it after the join. The handler
 * runs once per exit and pthread_cleanup_pop(0) removes it without running it.
 * run: ok
 * stdout: cleanup ran 1
 * stdout: value 7
 * check: safe
 * check-all: safe
 */
#include <pthread.h>
#include <stdio.h>
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int cleanups;
static void release(void *m) {
    cleanups++;
    pthread_mutex_unlock(m);
}
static void *worker(void *arg) {
    (void)arg;
    pthread_cleanup_push(release, &lock);
    pthread_mutex_lock(&lock);
    pthread_cleanup_push(release, &lock); /* popped below without running */
    pthread_cleanup_pop(0);
    pthread_exit((void *)7);
    pthread_cleanup_pop(0);
    return 0;
}
int main(void) {
    pthread_t t;
    void *value;
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, &value);
    pthread_mutex_lock(&lock);
    printf("cleanup ran %d\n", cleanups);
    printf("value %ld\n", (long)value);
    pthread_mutex_unlock(&lock);
    return 0;
}

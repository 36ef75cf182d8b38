/* ravel-test
 * run: ok
 * exit: 7
 * seeds: 5
 * stdout: worker calls exit(7)
 * stdout: atexit handler
 */
#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>

static void on_exit_handler(void) { puts("atexit handler"); }

static void *worker(void *arg) {
    (void)arg;
    puts("worker calls exit(7)");
    exit(7);
}

int main(void) {
    atexit(on_exit_handler);
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL); /* never returns: the process exits first */
    puts("not reached");
    return 0;
}

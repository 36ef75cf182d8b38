/* ravel-test
 * run: ok
 * seeds: 3
 * stdout: the thread survived its SIGTERM
 * stdout: main done
 * check: safe executions=1
 */
/* A thread starts with its creator's signal mask: main blocks SIGTERM, so the SIGTERM the
 * thread sends itself stays pending instead of ending the process. Natively checked (the
 * same two lines, exit status 0). */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>

static void *thread(void *arg) {
    (void)arg;
    pthread_kill(pthread_self(), SIGTERM);
    puts("the thread survived its SIGTERM");
    return NULL;
}

int main(void) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    pthread_t t;
    pthread_create(&t, NULL, thread, NULL);
    pthread_join(t, NULL);
    puts("main done");
    return 0;
}

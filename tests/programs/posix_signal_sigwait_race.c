/* ravel-test
 * check: unsafe data-race
 */
/* A signal thread records the last signal it took in a plain global, which main reads
 * after sending the signal without waiting for the thread: pthread_kill does not order
 * what the signal thread does after its sigwait before main's read. Natively checked
 * with ThreadSanitizer (race reported). */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>

static int last_signal;

static void *signal_thread(void *arg) {
    sigset_t *set = arg;
    int sig;
    if (sigwait(set, &sig) == 0)
        last_signal = sig;
    return NULL;
}

int main(void) {
    static sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    pthread_t s;
    pthread_create(&s, NULL, signal_thread, &set);
    pthread_kill(s, SIGUSR1);
    printf("last signal %d\n", last_signal);
    pthread_join(s, NULL);
    return 0;
}

/* ravel-test
 * run: error deadlock
 * check: unsafe deadlock
 */
/* The signal thread waits for SIGUSR2, but the only signal sent is SIGUSR1 (blocked and
 * pending, never taken), and main joins the signal thread: every thread waits for ever.
 * Natively the process hangs. */
#include <pthread.h>
#include <signal.h>

static void *signal_thread(void *arg) {
    (void)arg;
    sigset_t wait_for;
    sigemptyset(&wait_for);
    sigaddset(&wait_for, SIGUSR2);
    int sig;
    sigwait(&wait_for, &sig);
    return NULL;
}

int main(void) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    sigaddset(&set, SIGUSR2);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    pthread_t s;
    pthread_create(&s, NULL, signal_thread, NULL);
    pthread_kill(s, SIGUSR1);
    pthread_join(s, NULL);
    return 0;
}

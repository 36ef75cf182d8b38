/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: signal thread took SIGUSR1 1 SIGUSR2 1
 * check: safe executions=2
 */
/* The signal-thread pattern: main blocks SIGUSR1 and SIGUSR2 before it creates any
 * thread, so every thread inherits the mask; a dedicated thread takes the signals with
 * sigwait. A worker sends SIGUSR1 to the process with kill (every thread blocks it, so
 * it stays pending for the process until the signal thread takes it), then SIGUSR2 to the
 * signal thread with pthread_kill. Which one sigwait returns first depends on the schedule
 * (natively too: with both pending, Linux takes the thread's own first). Natively checked
 * (the same line). */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

static pthread_t sig_thread;
static int took_usr1, took_usr2;

static void *signal_thread(void *arg) {
    sigset_t *set = arg;
    for (int i = 0; i < 2; i++) {
        int sig;
        if (sigwait(set, &sig) != 0)
            return NULL;
        took_usr1 += sig == SIGUSR1;
        took_usr2 += sig == SIGUSR2;
    }
    return NULL;
}

static void *worker(void *arg) {
    (void)arg;
    kill(getpid(), SIGUSR1);
    return NULL;
}

int main(void) {
    static sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    sigaddset(&set, SIGUSR2);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    pthread_t w;
    pthread_create(&sig_thread, NULL, signal_thread, &set);
    pthread_create(&w, NULL, worker, NULL);
    pthread_join(w, NULL);
    /* Sent after SIGUSR1 (the join orders it): the lower number is taken first anyway. */
    pthread_kill(sig_thread, SIGUSR2);
    pthread_join(sig_thread, NULL);
    printf("signal thread took SIGUSR1 %d SIGUSR2 %d\n", took_usr1, took_usr2);
    return 0;
}

/* ravel-test
 * run: ok
 * stdout: handler 10 ran 1
 * stdout: blocked: pending, not run 0
 * stdout: unblocked: ran 2
 * stdout: siginfo handler got 12
 * stdout: ignored SIGUSR1 ok
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t runs, last;

static void on_usr1(int sig) { runs++; last = sig; }
static void on_info(int sig, siginfo_t *info, void *ctx) {
    (void)ctx;
    last = info->si_signo == sig ? sig : -1;
}

int main(void) {
    signal(SIGUSR1, on_usr1);
    raise(SIGUSR1);
    printf("handler %d ran %d\n", last, runs);
    sigset_t set, old;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    sigprocmask(SIG_BLOCK, &set, &old);
    runs = 0;
    raise(SIGUSR1);
    printf("blocked: pending, not run %d\n", runs);
    sigprocmask(SIG_SETMASK, &old, NULL);
    raise(SIGUSR1);
    printf("unblocked: ran %d\n", runs);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_info;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGUSR2, &sa, NULL);
    kill(getpid(), SIGUSR2);
    printf("siginfo handler got %d\n", last);
    signal(SIGUSR1, SIG_IGN);
    raise(SIGUSR1);
    puts("ignored SIGUSR1 ok");
    return 0;
}

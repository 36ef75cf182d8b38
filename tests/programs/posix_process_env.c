/* ravel-test
 * run: ok
 * stdout: cpus 4 page 4096
 * stdout: HOME=/ missing=(null)
 * stdout: nofile lowered 0 now 256
 * stdout: raise above hard: -1
 * stdout: pid positive 1 dup2 5 fcntl cloexec 1 nonblock 1
 * native: ravel's process has 4 CPUs and HOME=/ whatever the host has
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

int main(void) {
    printf("cpus %ld page %ld\n", sysconf(_SC_NPROCESSORS_ONLN), sysconf(_SC_PAGESIZE));
    const char *missing = getenv("RAVEL_NO_SUCH_VARIABLE");
    printf("HOME=%s missing=%s\n", getenv("HOME"), missing ? missing : "(null)");
    struct rlimit rl;
    getrlimit(RLIMIT_NOFILE, &rl);
    rlim_t hard = rl.rlim_max;
    rl.rlim_cur = 256;
    int r = setrlimit(RLIMIT_NOFILE, &rl);
    getrlimit(RLIMIT_NOFILE, &rl);
    printf("nofile lowered %d now %ld\n", r, (long)rl.rlim_cur);
    rl.rlim_max = hard + 1;
    rl.rlim_cur = 256;
    printf("raise above hard: %d\n", setrlimit(RLIMIT_NOFILE, &rl));
    int fds[2];
    pipe(fds);
    int d = dup2(fds[0], 5);
    fcntl(5, F_SETFD, FD_CLOEXEC);
    fcntl(5, F_SETFL, fcntl(5, F_GETFL) | O_NONBLOCK);
    printf("pid positive %d dup2 %d fcntl cloexec %d nonblock %d\n", getpid() > 0, d, fcntl(5, F_GETFD) == FD_CLOEXEC,
           (fcntl(5, F_GETFL) & O_NONBLOCK) != 0);
    return 0;
}

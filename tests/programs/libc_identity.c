/* ravel-test
 * run: ok
 * stdout: user 1000 / ravel Linux x86_64
 * check: safe executions=1
 */
/* The modelled host and user: passwd entries (root and the user, uid 1000, home "/" as
 * HOME says), host name, uname, page size, scheduling parameters, resource usage, no
 * shared objects to load, no cancellation, no alarm pending. */
#define _GNU_SOURCE
#include <assert.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <pthread.h>
#include <pwd.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/utsname.h>
#include <unistd.h>

int main(void) {
    struct passwd *pw = getpwuid(getuid());
    assert(pw && pw->pw_uid == 1000 && pw->pw_gid == getgid());
    assert(strcmp(pw->pw_dir, getenv("HOME")) == 0);
    char name[32];
    strcpy(name, pw->pw_name);
    struct passwd *root = getpwnam("root");
    assert(root && root->pw_uid == 0 && strcmp(root->pw_dir, "/root") == 0);
    assert(getpwnam("nobody-here") == NULL && getpwuid(4321) == NULL);
    struct passwd entry, *res;
    char buf[256];
    assert(getpwnam_r(name, &entry, buf, sizeof buf, &res) == 0 && res == &entry && entry.pw_uid == 1000);
    assert(getpwuid_r(0, &entry, buf, 4, &res) == ERANGE && res == NULL);

    char host[64];
    assert(gethostname(host, sizeof host) == 0);
    struct utsname u;
    assert(uname(&u) == 0 && strcmp(u.nodename, host) == 0);
    printf("%s %u %s %s %s %s\n", name, (unsigned)pw->pw_uid, pw->pw_dir, host, u.sysname, u.machine);

    assert(getpagesize() == sysconf(_SC_PAGESIZE));
    assert(sched_get_priority_min(SCHED_OTHER) == 0 && sched_get_priority_max(SCHED_OTHER) == 0);
    assert(sched_get_priority_min(SCHED_FIFO) == 1 && sched_get_priority_max(SCHED_FIFO) == 99);
    int policy = -1;
    struct sched_param sp = {.sched_priority = 5};
    assert(pthread_getschedparam(pthread_self(), &policy, &sp) == 0 && policy == SCHED_OTHER && sp.sched_priority == 0);
    sp.sched_priority = 10;
    assert(pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp) == EPERM); /* unprivileged */
    sp.sched_priority = 0;
    assert(pthread_setschedparam(pthread_self(), SCHED_OTHER, &sp) == 0);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    assert(pthread_attr_setschedparam(&attr, &sp) == 0);
    sp.sched_priority = 3;
    assert(pthread_attr_getschedparam(&attr, &sp) == 0 && sp.sched_priority == 0);
    pthread_attr_destroy(&attr);
    pthread_testcancel();

    struct rusage ru;
    assert(getrusage(RUSAGE_SELF, &ru) == 0 && ru.ru_utime.tv_usec < 1000000);
    assert(getrusage(RUSAGE_CHILDREN, &ru) == 0 && ru.ru_utime.tv_sec == 0 && ru.ru_utime.tv_usec == 0);

    assert(dlopen("libnothere.so", RTLD_NOW) == NULL);
    const char *why = dlerror();
    assert(why && strstr(why, "libnothere.so"));
    assert(dlerror() == NULL);
    assert(alarm(0) == 0);
    return 0;
}

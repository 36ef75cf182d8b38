/* ravel-test
 * run: ok
 * stdout: modes ok
 * stdout: times ok
 * check: safe executions=1
 */
/* Permission bits, the creation mask, owners and times: stat shows what chmod, umask,
 * chown and the utime family set. The process is the unprivileged user ravel models, so
 * the checks that only hold for such a user are skipped when run natively as root.
 * Expected values as in a native run. */
#define _GNU_SOURCE
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>
#include <utime.h>

int main(void) {
    const char *f = "ravel-libc-modes.txt", *d = "ravel-libc-modes-dir";
    mode_t old = umask(027);
    assert(umask(027) == 027);
    int fd = open(f, O_CREAT | O_EXCL | O_RDWR, 0666);
    assert(fd >= 0);
    struct stat st;
    assert(fstat(fd, &st) == 0 && (st.st_mode & 07777) == 0640 && S_ISREG(st.st_mode));
    assert(mkdir(d, 0777) == 0 && stat(d, &st) == 0 && (st.st_mode & 07777) == 0750 && S_ISDIR(st.st_mode));
    umask(old);

    assert(chmod(f, 0400) == 0 && stat(f, &st) == 0 && (st.st_mode & 07777) == 0400);
    assert(fchmod(fd, 0604) == 0 && stat(f, &st) == 0 && (st.st_mode & 07777) == 0604);
    assert(fchmodat(AT_FDCWD, f, 0444, 0) == 0 && stat(f, &st) == 0 && (st.st_mode & 07777) == 0444);
    assert(chmod("ravel-libc-modes-missing", 0600) == -1 && errno == ENOENT);
    assert(fchmod(-1, 0600) == -1 && errno == EBADF);
    if (getuid() != 0) {
        assert(access(f, R_OK) == 0);
        assert(access(f, W_OK) == -1 && errno == EACCES);
        assert(open(f, O_WRONLY) == -1 && errno == EACCES);
        assert(chown(f, 0, (gid_t)-1) == -1 && errno == EPERM);
    }
    assert(chown(f, getuid(), getgid()) == 0 && stat(f, &st) == 0 && st.st_uid == getuid());
    assert(fchown(fd, (uid_t)-1, (gid_t)-1) == 0 && lchown(f, getuid(), (gid_t)-1) == 0);
    puts("modes ok");

    struct utimbuf ub = {.actime = 1000000000, .modtime = 1200000000};
    assert(utime(f, &ub) == 0 && stat(f, &st) == 0);
    assert(st.st_atime == 1000000000 && st.st_mtime == 1200000000);
    struct timeval tv[2] = {{.tv_sec = 5, .tv_usec = 7}, {.tv_sec = 1300000000, .tv_usec = 250000}};
    assert(utimes(f, tv) == 0 && stat(f, &st) == 0);
    assert(st.st_atim.tv_sec == 5 && st.st_atim.tv_nsec == 7000);
    assert(st.st_mtim.tv_sec == 1300000000 && st.st_mtim.tv_nsec == 250000000);
    struct timespec ts[2] = {{.tv_sec = 0, .tv_nsec = UTIME_OMIT}, {.tv_sec = 1400000000, .tv_nsec = 9}};
    assert(futimens(fd, ts) == 0 && fstat(fd, &st) == 0);
    assert(st.st_atim.tv_sec == 5 && st.st_mtim.tv_sec == 1400000000 && st.st_mtim.tv_nsec == 9);
    ts[0].tv_nsec = 1000000000;
    assert(utimensat(AT_FDCWD, f, ts, 0) == -1 && errno == EINVAL);
    assert(utimensat(AT_FDCWD, f, NULL, 0) == 0 && stat(f, &st) == 0 && st.st_mtime > 1400000000);
    puts("times ok");

    close(fd);
    assert(unlink(f) == 0 && rmdir(d) == 0);
    return 0;
}

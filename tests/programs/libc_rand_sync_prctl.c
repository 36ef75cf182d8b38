/* ravel-test
 * run: ok
 * stdout: 1804289383 846930886 1681692777
 * stdout: 71876166 708592740
 * stdout: 1045618677
 * stdout: fsync 0 fdatasync 0
 * stdout: closed: fsync -1 errno 9
 * stdout: 0
 * stdout: worker-thread-l
 * stdout: prctl other -1 errno 22
 * check: safe
 */
/* glibc's rand/random sequence (so output matches a native build), fsync/fdatasync on an
 * open and a closed descriptor, explicit_bzero, and prctl's thread name (15 characters
 * kept). The expected lines are the native build's. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

static void *worker(void *arg) {
    char name[16];
    prctl(PR_SET_NAME, "worker-thread-long-name");
    prctl(PR_GET_NAME, name);
    printf("%s\n", name);
    return arg;
}

int main(void) {
    char secret[8] = "abcdefg";
    pthread_t t;
    int a = rand(), b = rand(), c = rand();
    printf("%d %d %d\n", a, b, c);
    srand(42);
    a = rand();
    b = rand();
    printf("%d %d\n", a, b);
    srandom(7);
    printf("%ld\n", random());
    int fd = open("ravel-sync-test.txt", O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (write(fd, "x", 1) != 1)
        return 1;
    a = fsync(fd);
    b = fdatasync(fd);
    printf("fsync %d fdatasync %d\n", a, b);
    close(fd);
    unlink("ravel-sync-test.txt");
    a = fsync(fd);
    printf("closed: fsync %d errno %d\n", a, errno);
    explicit_bzero(secret, sizeof secret);
    printf("%d\n", secret[3]);
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    a = prctl(9999, 0);
    printf("prctl other %d errno %d\n", a, errno);
    return 0;
}

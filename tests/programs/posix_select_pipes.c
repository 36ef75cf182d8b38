/* ravel-test
 * run: ok
 * stdout: timed out: 0 ready, read set cleared, 0.000000 s left
 * stdout: then: a b
 * check: safe
 */
/* select over two pipes that two threads write: main waits without a time-out until one
 * is readable (the read set comes back with only the ready descriptors), reads it, and
 * selects again until it has both bytes. A select with a 10 ms time-out on an empty pipe
 * first times out, leaving its timeval at zero and its sets cleared. */
#include <pthread.h>
#include <stdio.h>
#include <sys/select.h>
#include <unistd.h>

static int a[2], b[2];

static void *put(void *arg) {
    int *p = arg;
    write(p[1], p == a ? "a" : "b", 1);
    return NULL;
}

int main(void) {
    pipe(a);
    pipe(b);
    fd_set rd, wr;
    FD_ZERO(&rd);
    FD_ZERO(&wr);
    FD_SET(a[0], &rd);
    FD_SET(b[0], &rd);
    struct timeval tv = {0, 10000};
    int n = select(b[0] + 1, &rd, &wr, NULL, &tv);
    printf("timed out: %d ready, read set %s, %ld.%06ld s left\n", n,
           FD_ISSET(a[0], &rd) || FD_ISSET(b[0], &rd) ? "kept" : "cleared", (long)tv.tv_sec, (long)tv.tv_usec);
    pthread_t t[2];
    pthread_create(&t[0], NULL, put, a);
    pthread_create(&t[1], NULL, put, b);
    char got[2] = {0, 0};
    int left = 2;
    while (left > 0) {
        FD_ZERO(&rd);
        if (!got[0])
            FD_SET(a[0], &rd);
        if (!got[1])
            FD_SET(b[0], &rd);
        if (select(b[0] + 1, &rd, NULL, NULL, NULL) < 1)
            return 1;
        for (int i = 0; i < 2; i++) {
            int fd = i ? b[0] : a[0];
            if (FD_ISSET(fd, &rd)) {
                read(fd, &got[i], 1);
                left--;
            }
        }
    }
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    printf("then: %c %c\n", got[0], got[1]);
    return 0;
}

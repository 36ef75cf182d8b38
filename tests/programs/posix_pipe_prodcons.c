/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: sum 6 eof 0
 * check: safe executions=14
 */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

/* A producer writes three ints into a pipe and closes it; the consumer reads until end of
 * file. Reading the empty pipe blocks until the producer writes. */
static int fds[2];

static void *producer(void *arg) {
    (void)arg;
    for (int i = 1; i <= 3; i++)
        write(fds[1], &i, sizeof i);
    close(fds[1]);
    return NULL;
}

int main(void) {
    pipe(fds);
    pthread_t t;
    pthread_create(&t, NULL, producer, NULL);
    int sum = 0, v;
    ssize_t n;
    while ((n = read(fds[0], &v, sizeof v)) == sizeof v)
        sum += v;
    assert(sum == 6);
    printf("sum %d eof %zd\n", sum, n);
    pthread_join(t, NULL);
    return 0;
}

/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: data 42
 * check: safe executions=1
 */
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

/* Writing to a pipe and reading what was written order the two threads: the plain
 * accesses to `data` before and after do not race. */
static int fds[2];
static int data;

static void *producer(void *arg) {
    (void)arg;
    data = 42;
    char c = 1;
    write(fds[1], &c, 1);
    return NULL;
}

int main(void) {
    pipe(fds);
    pthread_t t;
    pthread_create(&t, NULL, producer, NULL);
    char c;
    read(fds[0], &c, 1);
    printf("data %d\n", data);
    pthread_join(t, NULL);
    return 0;
}

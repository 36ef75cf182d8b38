/* ravel-test
 * check: unsafe data-race
 */
/* The reader consumes only the first message, which was sent before `second` was
 * written: reading `second` races with its write (the second message, which would have
 * ordered them, is never received). ThreadSanitizer misses it (0 of 20 native runs): it
 * synchronises a descriptor as a whole, so a read acquires every write made before it
 * returns, even of bytes it does not consume. */
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static int first, second;
static int fds[2];

static void *producer(void *arg) {
    (void)arg;
    first = 42;
    if (write(fds[1], "a", 1) != 1)
        return 0;
    second = 7;
    if (write(fds[1], "b", 1) != 1)
        return 0;
    return 0;
}

int main(void) {
    pthread_t t;
    char c;
    if (pipe(fds) != 0)
        return 1;
    pthread_create(&t, 0, producer, 0);
    if (read(fds[0], &c, 1) != 1)
        return 1;
    printf("%d %d\n", first, second);
    pthread_join(t, 0);
    return 0;
}

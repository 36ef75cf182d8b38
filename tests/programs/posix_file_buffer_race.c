/* ravel-test
 * check: unsafe data-race
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

/* A thread fills a global buffer from a file while main reads it without synchronisation:
 * the bytes read() stores race with main's read of the buffer. */
static char buf[8];

static void *loader(void *arg) {
    (void)arg;
    int fd = open("ravel-race-input.txt", O_RDONLY);
    if (fd >= 0) {
        read(fd, buf, 4);
        close(fd);
    }
    return NULL;
}

int main(void) {
    int fd = open("ravel-race-input.txt", O_CREAT | O_TRUNC | O_WRONLY, 0644);
    write(fd, "abcd", 4);
    close(fd);
    pthread_t t;
    pthread_create(&t, NULL, loader, NULL);
    char first = buf[0];
    pthread_join(t, NULL);
    unlink("ravel-race-input.txt");
    return first == 'x';
}

/* ravel-test
 * run: ok
 * stdout: total 8
 * check: safe
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

/* Two threads each read their own file through a C stream and add the byte count to a
 * total under a mutex: no race, whatever the order. */
static int total;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *reader(void *name) {
    char buf[8];
    FILE *f = fopen(name, "r");
    size_t n = f ? fread(buf, 1, sizeof buf, f) : 0;
    if (f) fclose(f);
    pthread_mutex_lock(&lock);
    total += (int)n;
    pthread_mutex_unlock(&lock);
    return NULL;
}

int main(void) {
    const char *names[2] = {"ravel-stdio-locked-a.txt", "ravel-stdio-locked-b.txt"};
    for (int i = 0; i < 2; i++) {
        int fd = open(names[i], O_CREAT | O_TRUNC | O_WRONLY, 0644);
        if (fd < 0 || write(fd, i ? "BBB" : "aaaaa", i ? 3 : 5) < 0) return 1;
        close(fd);
    }
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, reader, (void *)names[i]);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    printf("total %d\n", total);
    for (int i = 0; i < 2; i++) unlink(names[i]);
    return 0;
}

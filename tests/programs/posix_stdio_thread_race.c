/* ravel-test
 * check: unsafe data-race
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

/* Two threads each read their own file through a C stream into one shared buffer, with
 * no lock: the bytes fread stores in one thread race with those of the other. */
static char shared[4];

static void *reader(void *name) {
    FILE *f = fopen(name, "r");
    if (f) {
        fread(shared, 1, sizeof shared, f);
        fclose(f);
    }
    return NULL;
}

int main(void) {
    const char *names[2] = {"ravel-stdio-race-a.txt", "ravel-stdio-race-b.txt"};
    for (int i = 0; i < 2; i++) {
        int fd = open(names[i], O_CREAT | O_TRUNC | O_WRONLY, 0644);
        if (fd < 0 || write(fd, i ? "BBBB" : "aaaa", 4) != 4) return 1;
        close(fd);
    }
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, reader, (void *)names[i]);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    printf("%.4s\n", shared);
    for (int i = 0; i < 2; i++) unlink(names[i]);
    return 0;
}

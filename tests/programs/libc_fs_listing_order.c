/* ravel-test
 * check: unsafe assertion-failure
 * check-all: unsafe assertion-failure
 */
/* Listing a directory and creating a file in it conflict: the checker explores both
 * orders, and in one the listing already shows the helper's file (the assertion that it
 * never does fails). */
#include <assert.h>
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void *make(void *arg) {
    (void)arg;
    int fd = open("ravel-libc-order/new", O_CREAT | O_WRONLY, 0644);
    if (fd >= 0)
        close(fd);
    return NULL;
}

int main(void) {
    assert(mkdir("ravel-libc-order", 0755) == 0);
    pthread_t t;
    pthread_create(&t, NULL, make, NULL);
    DIR *d = opendir("ravel-libc-order");
    int seen = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        seen += strcmp(e->d_name, "new") == 0;
    if (d)
        closedir(d);
    pthread_join(t, NULL);
    assert(seen == 0);
    return 0;
}

/* ravel-test
 * run: ok
 * stdout: listed . .. a b c sub
 * stdout: again 6
 * stdout: scandir b c sub
 * stdout: host etc has passwd: 1
 * check: safe executions=1
 */
/* Directory streams: opendir, readdir, rewinddir, telldir/seekdir, dirfd, fdopendir,
 * scandir with alphasort, over files the program made and over a host directory. The
 * names are sorted before printing (the order of readdir is the file system's). Expected
 * values as in a native run. */
#define _GNU_SOURCE
#include <assert.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int not_a(const struct dirent *e) { return e->d_name[0] != 'a' && e->d_name[0] != '.'; }

int main(void) {
    const char *dir = "ravel-libc-dirs";
    assert(mkdir(dir, 0755) == 0 && chdir(dir) == 0);
    for (const char *n = "bca"; *n; n++) {
        char name[2] = {*n, 0};
        int fd = open(name, O_CREAT | O_WRONLY, 0644);
        assert(fd >= 0);
        close(fd);
    }
    assert(mkdir("sub", 0755) == 0);

    DIR *d = opendir(".");
    assert(d);
    char *names[16];
    int n = 0;
    long second = -1;
    struct dirent *e;
    while ((e = readdir(d))) {
        assert(n < 16);
        if (strcmp(e->d_name, "sub") == 0)
            assert(e->d_type == DT_DIR);
        if (strcmp(e->d_name, "a") == 0)
            assert(e->d_type == DT_REG);
        names[n++] = strdup(e->d_name);
        if (n == 2)
            second = telldir(d);
    }
    qsort(names, n, sizeof names[0], by_name);
    printf("listed");
    for (int i = 0; i < n; i++)
        printf(" %s", names[i]), free(names[i]);
    printf("\n");

    rewinddir(d);
    int again = 0;
    while (readdir(d))
        again++;
    printf("again %d\n", again);
    seekdir(d, second);
    int rest = 0;
    while (readdir(d))
        rest++;
    assert(rest == again - 2);
    assert(fcntl(dirfd(d), F_GETFD) >= 0);
    assert(closedir(d) == 0);

    int fd = open(".", O_RDONLY | O_DIRECTORY);
    d = fdopendir(fd);
    assert(d && dirfd(d) == fd);
    closedir(d);
    fd = open("a", O_RDONLY);
    assert(fdopendir(fd) == NULL && errno == ENOTDIR);
    close(fd);
    assert(opendir("a") == NULL && errno == ENOTDIR);
    assert(opendir("missing") == NULL && errno == ENOENT);

    struct dirent **list;
    n = scandir(".", &list, not_a, alphasort);
    assert(n == 3);
    printf("scandir");
    for (int i = 0; i < n; i++)
        printf(" %s", list[i]->d_name), free(list[i]);
    printf("\n");
    free(list);

    int found = 0;
    d = opendir("/etc");
    assert(d);
    while ((e = readdir(d)))
        found |= strcmp(e->d_name, "passwd") == 0;
    closedir(d);
    printf("host etc has passwd: %d\n", found);

    assert(unlink("a") == 0 && unlink("b") == 0 && unlink("c") == 0 && rmdir("sub") == 0);
    assert(chdir("..") == 0 && rmdir(dir) == 0);
    return 0;
}

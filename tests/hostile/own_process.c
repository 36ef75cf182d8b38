/* Reads what /proc/self shows: the program's own environment and command line (the
   modelled ones, not ravel's), and nothing else of ravel's process. */
#include <assert.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

static long slurp(const char *path, char *buf, long size) {
    int fd = open(path, O_RDONLY);
    if (fd < 0) return -1;
    long n = read(fd, buf, size - 1);
    close(fd);
    buf[n < 0 ? 0 : n] = 0;
    return n;
}

int main(int argc, char **argv) {
    static char buf[1 << 16];
    long n = slurp("/proc/self/environ", buf, sizeof buf);
    assert(n > 0);
    for (char *p = buf; p < buf + n; p += strlen(p) + 1)
        assert(strncmp(p, "RAVEL_HOST_SECRET=", 18) != 0);
    n = slurp("/proc/thread-self/cmdline", buf, sizeof buf);
    assert(n > 0 && strcmp(buf, argv[0]) == 0);
    assert(slurp("/proc/self/pagemap", buf, sizeof buf) < 0);
    assert(slurp("/proc/self/maps", buf, sizeof buf) < 0);
    return argc > 5;
}

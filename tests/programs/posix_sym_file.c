/* ravel-test
 * run: ok
 * check-flags: --sym-file input.bin=2
 * check: unsafe assertion-failure
 */
#include <assert.h>
#include <fcntl.h>
#include <unistd.h>

/* With --sym-file the contents of input.bin are inputs: the assertion fails for "ok".
 * Without it (ravel run here) the file does not exist. */
int main(void) {
    int fd = open("input.bin", O_RDONLY);
    if (fd < 0) return 0;
    char b[2];
    if (read(fd, b, 2) != 2) return 0;
    assert(!(b[0] == 'o' && b[1] == 'k'));
    return 0;
}

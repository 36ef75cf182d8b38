/* ravel-test
 * run: ok
 * check: safe executions=1
 */
/* Without _GNU_SOURCE glibc's headers select the XSI strerror_r (an int result). */
#define _POSIX_C_SOURCE 200809L
#include <assert.h>
#include <errno.h>
#include <string.h>

int main(void) {
    char buf[64], small[6];
    assert(strerror_r(ENOENT, buf, sizeof buf) == 0 && strcmp(buf, "No such file or directory") == 0);
    assert(strerror_r(ENOENT, small, sizeof small) == ERANGE && strcmp(small, "No su") == 0);
    assert(strerror_r(4000, buf, sizeof buf) == EINVAL && strcmp(buf, "Unknown error 4000") == 0);
    return 0;
}

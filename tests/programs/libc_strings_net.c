/* ravel-test
 * run: ok
 * stdout: No such file or directory|Unknown error 41|Permission denied
 * check: safe executions=1
 */
/* strerror, GNU strerror_r, perror's text and the IPv4 text forms (inet_addr,
 * inet_aton, inet_ntoa); the expected values come from a native run. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    char a[64], b[64];
    strcpy(a, strerror(ENOENT));
    strcpy(b, strerror(41));
    char small[8];
    char *r = strerror_r(EACCES, small, sizeof small);
    printf("%s|%s|%s\n", a, b, r);
    assert(strcmp(strerror_r(-3, small, sizeof small), "Unknown") == 0);
    assert(strcmp(strerror(EPIPE), "Broken pipe") == 0);

    assert(inet_addr("127.0.0.1") == htonl(0x7f000001));
    assert(inet_addr("10.1") == htonl(0x0a000001));
    assert(inet_addr("0x7f.1") == htonl(0x7f000001));
    assert(inet_addr("1.2.3.256") == INADDR_NONE);
    struct in_addr in;
    assert(inet_aton("192.168.1.20", &in) == 1 && in.s_addr == htonl(0xc0a80114));
    assert(inet_aton("1.2.3.4.5", &in) == 0);
    assert(inet_aton("010.0.0.1", &in) == 1 && in.s_addr == htonl(0x08000001));
    in.s_addr = htonl(0xc0a80114);
    assert(strcmp(inet_ntoa(in), "192.168.1.20") == 0);
    return 0;
}

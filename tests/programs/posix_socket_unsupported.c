/* ravel-test
 * run: unknown
 * check: unknown
 */
#include <netinet/in.h>
#include <sys/socket.h>

/* Datagram (UDP) sockets are not modelled: the run stops with "unsupported". */
int main(void) {
    int s = socket(AF_INET, SOCK_DGRAM, 0);
    return s < 0;
}

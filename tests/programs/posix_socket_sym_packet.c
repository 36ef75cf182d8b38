/* ravel-test
 * flags: --sym-packet 2
 * run: ok
 * check: unsafe assertion-failure
 */
/* A request of two symbolic bytes from the scripted peer: the server's check of its
 * first bytes fails for the request "Q!" only, which the exploration finds. (`ravel
 * run` sends seeded random bytes, so it misses it.) */
#include <assert.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

int main(void) {
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons(11398);
    int l = socket(AF_INET, SOCK_STREAM, 0);
    if (bind(l, (struct sockaddr *)&a, sizeof a) != 0 || listen(l, 1) != 0)
        return 1;
    int c = accept(l, NULL, NULL);
    unsigned char req[2];
    if (recv(c, req, 2, 0) != 2)
        return 0;
    if (req[0] == 'Q')
        assert(req[1] != '!');
    close(c);
    return 0;
}

/* ravel-test
 * run: unknown
 * check: unknown
 */
/* alarm with a time would deliver SIGALRM asynchronously, which ravel does not model:
 * the run stops as unsupported instead of pretending no signal comes. */
#include <unistd.h>

int main(void) {
    alarm(5);
    return 0;
}

/* ravel-test
 * raise(SIGABRT) without a handler terminates the process abnormally: an error.
 * run: error abort
 * check: unsafe abort
 */
#include <signal.h>
int main(void) {
    raise(SIGABRT);
    return 0;
}

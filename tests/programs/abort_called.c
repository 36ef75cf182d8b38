/* ravel-test
 * abort() is abnormal termination (natively SIGABRT, status 134): an error.
 * run: error abort
 * check: unsafe abort
 * check-all: unsafe abort
 */
#include <stdlib.h>
int main(void) {
    abort();
}

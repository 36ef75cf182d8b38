/* ravel-test
 * run: error assertion-failure
 */
#include <assert.h>

static int triangle(int n) { return n * (n + 1) / 2; }

int main(void) {
    int t = triangle(4);
    assert(t == 10);
    assert(triangle(5) == 16); /* it is 15 */
    return 0;
}

/* ravel-test
 * run: error division-by-zero
 */
#include <stdint.h>

int main(void) {
    volatile int64_t a = INT64_MAX;
    int64_t b = a - a;
    int64_t c = a % b;
    return (int)c;
}

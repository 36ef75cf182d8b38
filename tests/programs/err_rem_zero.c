/* ravel-test
 * run: error division-by-zero
 */
#include <stdio.h>

int main(void) {
    unsigned buckets = 0;
    for (int i = 0; i < 3; i++) buckets = buckets * 2; /* stays 0 */
    unsigned h = 12345u % buckets;
    printf("%u\n", h);
    return 0;
}

/* ravel-test
 * run: error null-dereference
 */
#include <stddef.h>

struct pair { long long key; int values[4]; };

static int third_value(const struct pair *p) { return p->values[2]; }

int main(void) {
    struct pair *none = NULL;
    return third_value(none); /* reads a small offset from NULL */
}

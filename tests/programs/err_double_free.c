/* ravel-test
 * run: error double-free
 */
#include <stdlib.h>

struct buf { char *data; };

static void destroy(struct buf *b) { free(b->data); }

int main(void) {
    struct buf b = { malloc(32) };
    destroy(&b);
    destroy(&b); /* data was not reset to NULL */
    return 0;
}

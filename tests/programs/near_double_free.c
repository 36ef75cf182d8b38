/* ravel-test
 * run: ok
 * stdout: freed once, then free(NULL) twice
 */
#include <stdio.h>
#include <stdlib.h>

struct buf { char *data; };

static void destroy(struct buf *b) {
    free(b->data);
    b->data = NULL;
}

int main(void) {
    struct buf b = { malloc(32) };
    destroy(&b);
    destroy(&b); /* frees NULL: allowed */
    free(NULL);
    puts("freed once, then free(NULL) twice");
    return 0;
}

/* ravel-test
 * run: error use-after-free
 */
#include <stdlib.h>
#include <string.h>

struct session { char name[16]; int refs; };

static void release(struct session *s) {
    if (--s->refs == 0) free(s);
}

int main(void) {
    struct session *s = malloc(sizeof *s);
    strcpy(s->name, "demo");
    s->refs = 1;
    release(s);
    s->refs++; /* writes to freed memory */
    return 0;
}

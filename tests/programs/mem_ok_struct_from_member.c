/* ravel-test
 * a struct recovered from a pointer to its member (container_of) stays inside the struct: correct.
 * run: ok
 * check: safe
 */
#include <stddef.h>
#include <stdlib.h>
struct item { int key; int link; int value; };
static struct item *owner(int *link) {
    return (struct item *)((char *)link - offsetof(struct item, link));
}
int main(void) {
    struct item *it = malloc(sizeof *it);
    it->value = 3;
    int v = owner(&it->link)->value;
    free(it);
    return v == 3 ? 0 : 1;
}

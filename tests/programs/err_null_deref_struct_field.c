/* ravel-test
 * run: error null-dereference
 */
#include <stdlib.h>

struct node { int value; struct node *next; };

int main(void) {
    struct node *a = malloc(sizeof *a);
    a->value = 1;
    a->next = NULL;
    int s = 0;
    struct node *p = a;
    for (int i = 0; i < 2; i++) { s += p->value; p = p->next; } /* second pass reads NULL->value */
    free(a);
    return s;
}

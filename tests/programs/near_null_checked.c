/* ravel-test
 * run: ok
 * stdout: found 9: no
 * stdout: found 3 at 2
 * stdout: sum 5
 * stdout: pointer to null is fine 1
 */
#include <stdio.h>
#include <stdlib.h>

struct node { int value; struct node *next; };

static int *find(int *a, int n, int key) {
    for (int i = 0; i < n; i++)
        if (a[i] == key) return &a[i];
    return NULL;
}

int main(void) {
    int a[4] = { 1, 2, 3, 4 };
    int *p = find(a, 4, 9);
    printf("found 9: %s\n", p ? "yes" : "no");
    p = find(a, 4, 3);
    if (p) printf("found 3 at %d\n", (int)(p - a));
    struct node *n = calloc(1, sizeof *n);
    n->value = 5;
    int s = 0;
    for (struct node *q = n; q != NULL; q = q->next) s += q->value;
    printf("sum %d\n", s);
    free(n);
    int *nothing = NULL;
    int **pp = &nothing;
    printf("pointer to null is fine %d\n", *pp == NULL);
    return 0;
}

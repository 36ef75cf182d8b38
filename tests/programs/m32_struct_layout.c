/* ravel-test
 * run: ok
 * clang: -m32
 * stdout: ptrs 12 off l 4 off i 8
 * stdout: cd 12 off d 4
 * stdout: cll 12 off x 4
 * stdout: cl 8 off l 4
 * stdout: union 4
 * stdout: node 12 off tag 8
 * stdout: array stride 12
 * stdout: via offsets 2.5
 */
#include <stdio.h>
#include <stddef.h>

struct ptrs { char *p; long l; int i; };
struct cd { char c; double d; };
struct cll { char c; long long x; };
struct cl { char c; long l; };
union lp { long l; void *p; };
struct node { struct node *next; long key; short tag; };

int main(void) {
    printf("ptrs %zu off l %zu off i %zu\n", sizeof(struct ptrs), offsetof(struct ptrs, l), offsetof(struct ptrs, i));
    printf("cd %zu off d %zu\n", sizeof(struct cd), offsetof(struct cd, d));
    printf("cll %zu off x %zu\n", sizeof(struct cll), offsetof(struct cll, x));
    printf("cl %zu off l %zu\n", sizeof(struct cl), offsetof(struct cl, l));
    printf("union %zu\n", sizeof(union lp));
    printf("node %zu off tag %zu\n", sizeof(struct node), offsetof(struct node, tag));
    struct node nodes[3];
    printf("array stride %d\n", (int)((char *)&nodes[1] - (char *)&nodes[0]));
    struct cd arr[2] = { { 'a', 1.5 }, { 'b', 2.5 } };
    double *dp = (double *)((char *)arr + sizeof(struct cd) + offsetof(struct cd, d));
    printf("via offsets %.1f\n", *dp);
    return 0;
}

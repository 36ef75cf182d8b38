/* ravel-test
 * run: ok
 * seeds: 10
 * stdout: hits 20
 */
#include <stdio.h>

extern int __VERIFIER_nondet_int(void);
void reach_error(void);

static int abs_val(int v) { return v < 0 ? -v : v; }

int main(void) {
    int hits = 0;
    for (int i = 0; i < 20; i++) {
        int v = __VERIFIER_nondet_int();
        if (v < -1000000 || v > 1000000) v = 0;
        int a = abs_val(v);
        if (a < 0) reach_error();
        if (a % 2 == v % 2 || a % 2 == -(v % 2)) hits++;
    }
    printf("hits %d\n", hits);
    return 0;
}

/* ravel-test
 * run: ok
 * stdout: ctor 101
 * stdout: ctor default
 * stdout: main sees 11
 * stdout: order 1 2 3 count 3
 */
#include <stdio.h>

static int initialized = 0;
static int order[4];
static int n_order = 0;

__attribute__((constructor(102))) static void second(void) {
    order[n_order++] = 2;
    initialized += 10;
}

__attribute__((constructor(101))) static void first(void) {
    order[n_order++] = 1;
    initialized += 1;
    puts("ctor 101");
}

__attribute__((constructor)) static void plain(void) {
    order[n_order++] = 3;
    puts("ctor default");
}

int main(void) {
    printf("main sees %d\n", initialized);
    printf("order %d %d %d count %d\n", order[0], order[1], order[2], n_order);
    return 0;
}

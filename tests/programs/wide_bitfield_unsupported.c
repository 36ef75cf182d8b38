/* ravel-test
 * run: unknown
 */
/* A packed struct of bit-fields that clang accesses as one 136-bit integer (as csmith's
 * programs do): ravel interprets integers up to 128 bits, so it must stop with
 * `unsupported`, not fail while loading the program. */
#include <stdio.h>

#pragma pack(push, 1)
struct wide {
    signed a : 29;
    signed b : 30;
    signed c : 8;
    signed d : 20;
    signed e : 19;
    unsigned f : 30;
};
#pragma pack(pop)

static struct wide w = {1, 2, 3, 4, 5};

int main(void) {
    w.e = -7;
    w.a = 9;
    printf("%d %d\n", w.a, w.e);
    return 0;
}

/* Takes memory in few steps: `fill` sets a 1 GiB block, `files N...` reads the first
   byte of each file named. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "fill") == 0) {
        char *p = malloc(1u << 30);
        if (!p) return 1;
        memset(p, 1, 1u << 30);
        return p[12345] != 1;
    }
    long sum = 0;
    for (int i = 2; i < argc; i++) {
        FILE *f = fopen(argv[i], "r");
        if (!f) return 1;
        sum += fgetc(f);
    }
    return sum < 0;
}

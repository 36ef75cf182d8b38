/* ravel-test
 * run: ok
 * stdout: calloc zero sum 0
 * stdout: after grow 55
 * stdout: after shrink 1 2 3
 * stdout: realloc null hello
 * stdout: blocks ok 1
 * stdout: done
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    int *a = malloc(10 * sizeof *a);
    if (!a) return 1;
    for (int i = 0; i < 10; i++) a[i] = i + 1;
    int *z = calloc(16, sizeof *z);
    if (!z) return 1;
    int zs = 0;
    for (int i = 0; i < 16; i++) zs += z[i];
    printf("calloc zero sum %d\n", zs);
    a = realloc(a, 1000 * sizeof *a);
    if (!a) return 1;
    int s = 0;
    for (int i = 0; i < 10; i++) s += a[i];
    printf("after grow %d\n", s);
    a[999] = 7;
    a = realloc(a, 3 * sizeof *a);
    printf("after shrink %d %d %d\n", a[0], a[1], a[2]);
    char *r = realloc(NULL, 6);
    memcpy(r, "hello", 6);
    printf("realloc null %s\n", r);
    free(r);
    free(NULL);
    free(a);
    free(z);
    void *blocks[50];
    for (int i = 0; i < 50; i++) {
        blocks[i] = malloc((size_t)(i * 13 + 1));
        memset(blocks[i], i, (size_t)(i * 13 + 1));
    }
    int ok = 1;
    for (int i = 0; i < 50; i++) {
        unsigned char *b = blocks[i];
        if (b[i * 13] != (unsigned char)i) ok = 0;
    }
    for (int i = 49; i >= 0; i -= 2) free(blocks[i]);
    for (int i = 0; i < 50; i += 2) free(blocks[i]);
    printf("blocks ok %d\n", ok);
    char *zero = malloc(0);
    free(zero);
    puts("done");
    return 0;
}

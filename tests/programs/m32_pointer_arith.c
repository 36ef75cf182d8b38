/* ravel-test
 * run: ok
 * clang: -m32
 * stdout: byte distance 20
 * stdout: roundtrip 21
 * stdout: sizeof ptr array 40
 * stdout: third -3 stride 4
 * stdout: diff 5
 * stdout: void** stride 4 deref 6
 * stdout: aligned 1
 */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>

int main(void) {
    int arr[16];
    for (int i = 0; i < 16; i++) arr[i] = i * 3;
    uintptr_t base = (uintptr_t)&arr[0];
    uintptr_t fifth = (uintptr_t)&arr[5];
    printf("byte distance %lu\n", (unsigned long)(fifth - base));
    unsigned long as_long = (unsigned long)&arr[7];
    int *back = (int *)as_long;
    printf("roundtrip %d\n", *back);
    char *pa[10];
    printf("sizeof ptr array %zu\n", sizeof pa);
    long *lp = malloc(8 * sizeof(long));
    for (int i = 0; i < 8; i++) lp[i] = -i;
    char *cp = (char *)lp;
    long third = *(long *)(cp + 3 * sizeof(long));
    printf("third %ld stride %d\n", third, (int)((char *)&lp[1] - (char *)&lp[0]));
    long diff = &lp[7] - &lp[2];
    printf("diff %ld\n", diff);
    void **vp = malloc(4 * sizeof(void *));
    vp[0] = &arr[1];
    vp[1] = &arr[2];
    printf("void** stride %d deref %d\n", (int)((char *)&vp[1] - (char *)&vp[0]), *(int *)vp[1]);
    free(vp);
    free(lp);
    printf("aligned %d\n", (int)(base % sizeof(int)) == 0);
    return 0;
}

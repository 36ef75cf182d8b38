/* ravel-test
 * run: ok
 * stdout: heap last 9
 * stdout: stack last 14
 * stdout: global last 42
 * stdout: count 10
 * stdout: exactly
 * stdout: memcpy tail 5
 * stdout: strlen 5
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int table[16];

int main(void) {
    int n = 10;
    int *heap = malloc(n * sizeof *heap);
    for (int i = 0; i < n; i++) heap[i] = i;
    printf("heap last %d\n", heap[n - 1]);
    int stack[8];
    for (int i = 0; i < 8; i++) stack[i] = i * 2;
    printf("stack last %d\n", stack[7]);
    table[15] = 42;
    printf("global last %d\n", table[15]);
    int *end = heap + n; /* one past the end: may be formed and compared, not dereferenced */
    int count = 0;
    for (int *p = heap; p != end; p++) count++;
    printf("count %d\n", count);
    char buf[8];
    strcpy(buf, "exactly"); /* 7 chars + NUL = 8 */
    printf("%s\n", buf);
    int src[5] = { 1, 2, 3, 4, 5 };
    memcpy(heap + 5, src, sizeof src);
    printf("memcpy tail %d\n", heap[9]);
    char *s = malloc(6);
    memcpy(s, "abcde", 6);
    printf("strlen %zu\n", strlen(s));
    free(s);
    free(heap);
    return 0;
}

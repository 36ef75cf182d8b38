/* ravel-test
 * run: ok
 * stdout: vla total 166650
 * stdout: trace 30 sizeof 64
 * stdout: on the stack
 * stdout: loop vla ok
 */
#include <stdio.h>
#include <alloca.h>
#include <string.h>

static int sum_vla(int n) {
    int v[n];
    for (int i = 0; i < n; i++) v[i] = i;
    int s = 0;
    for (int i = 0; i < n; i++) s += v[i];
    return s;
}

static int matrix_trace(int n, int m[n][n]) {
    int t = 0;
    for (int i = 0; i < n; i++) t += m[i][i];
    return t;
}

int main(void) {
    int total = 0;
    for (int k = 1; k <= 100; k++) total += sum_vla(k);
    printf("vla total %d\n", total);
    int n = 4;
    int m[n][n];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) m[i][j] = i * n + j;
    printf("trace %d sizeof %zu\n", matrix_trace(n, m), sizeof m);
    char *s = alloca(16);
    strcpy(s, "on the stack");
    printf("%s\n", s);
    for (int i = 0; i < 1000; i++) {
        char buf[i + 1];
        buf[i] = (char)i;
        if (buf[i] != (char)i) return 1;
    }
    puts("loop vla ok");
    return 0;
}

/* Memory-heavy: integer matrix multiply C = A * B (N x N, row-major),
 * then C * A to reuse the result; unsigned arithmetic wraps. */
#include <stdio.h>
#include <stdlib.h>

#define N 240

static unsigned lcg_state = 42u;
static unsigned lcg(void) {
    lcg_state = lcg_state * 1103515245u + 12345u;
    return (lcg_state >> 16) & 0x7fffu;
}

static void matmul(const unsigned *a, const unsigned *b, unsigned *c) {
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++)
            c[i * N + j] = 0;
        for (int k = 0; k < N; k++) {
            unsigned aik = a[i * N + k];
            for (int j = 0; j < N; j++)
                c[i * N + j] += aik * b[k * N + j];
        }
    }
}

int main(void) {
    unsigned *a = malloc(sizeof(unsigned) * N * N);
    unsigned *b = malloc(sizeof(unsigned) * N * N);
    unsigned *c = malloc(sizeof(unsigned) * N * N);
    unsigned *d = malloc(sizeof(unsigned) * N * N);
    if (!a || !b || !c || !d)
        return 1;
    for (int i = 0; i < N * N; i++) {
        a[i] = lcg() % 100u;
        b[i] = lcg() % 100u;
    }
    matmul(a, b, c);
    matmul(c, a, d);

    unsigned trace = 0, check = 0;
    for (int i = 0; i < N; i++)
        trace += d[i * N + i];
    for (int i = 0; i < N * N; i++)
        check = (check ^ d[i]) * 16777619u;
    printf("c[0][0]=%u c[N-1][N-1]=%u trace(d)=%u\n", c[0], c[N * N - 1], trace);
    printf("checksum %08x\n", check);
    free(a);
    free(b);
    free(c);
    free(d);
    return 0;
}

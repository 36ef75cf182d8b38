/* Memory-heavy: recursive quicksort of 1e6 ints filled by an LCG,
 * then a sortedness check and checksum. */
#include <stdio.h>
#include <stdlib.h>

#define N 1000000

static unsigned lcg_state = 12345u;
static unsigned lcg(void) {
    lcg_state = lcg_state * 1664525u + 1013904223u;
    return lcg_state;
}

static void swap(int *a, int *b) {
    int t = *a;
    *a = *b;
    *b = t;
}

static void quicksort(int *a, int lo, int hi) {
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        /* median of three */
        if (a[mid] < a[lo]) swap(&a[mid], &a[lo]);
        if (a[hi] < a[lo]) swap(&a[hi], &a[lo]);
        if (a[hi] < a[mid]) swap(&a[hi], &a[mid]);
        int pivot = a[mid];
        int i = lo, j = hi;
        while (i <= j) {
            while (a[i] < pivot) i++;
            while (a[j] > pivot) j--;
            if (i <= j) {
                swap(&a[i], &a[j]);
                i++;
                j--;
            }
        }
        /* recurse into the smaller half, loop on the larger */
        if (j - lo < hi - i) {
            quicksort(a, lo, j);
            lo = i;
        } else {
            quicksort(a, i, hi);
            hi = j;
        }
    }
}

int main(void) {
    int *a = malloc(N * sizeof(int));
    if (!a)
        return 1;
    for (int i = 0; i < N; i++)
        a[i] = (int)(lcg() >> 1) % 1000000007;
    quicksort(a, 0, N - 1);

    unsigned check = 0;
    int sorted = 1;
    for (int i = 0; i < N; i++) {
        if (i > 0 && a[i - 1] > a[i])
            sorted = 0;
        check = check * 31u + (unsigned)a[i];
    }
    printf("sorted=%d min=%d median=%d max=%d\n", sorted, a[0], a[N / 2], a[N - 1]);
    printf("checksum %08x\n", check);
    free(a);
    return 0;
}

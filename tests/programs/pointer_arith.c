/* ravel-test
 * run: ok
 * stdout: 9 49 5
 * stdout: 285
 * stdout: 1
 * stdout: -5
 * stdout: 1
 * stdout: 4
 * stdout: 81 0
 * stdout: 9
 * stdout: HELLO 5
 * stdout: 42
 */
#include <stdio.h>
#include <stddef.h>

static int sum_range(const int *begin, const int *end) {
    int s = 0;
    while (begin != end) s += *begin++;
    return s;
}

static void swap(int *a, int *b) { int t = *a; *a = *b; *b = t; }

int main(void) {
    int arr[10];
    for (int i = 0; i < 10; i++) arr[i] = i * i;
    int *p = arr + 3;
    int *q = &arr[8];
    printf("%d %d %d\n", *p, q[-1], (int)(q - p));
    printf("%d\n", sum_range(arr, arr + 10));
    printf("%d\n", p < q);
    ptrdiff_t d = p - q;
    printf("%d\n", (int)d);
    unsigned char *bytes = (unsigned char *)&arr[1];
    printf("%d\n", bytes[0] + bytes[1] + bytes[2] + bytes[3]);
    int *end = arr + 10; /* one past the end is fine to form */
    int count = 0;
    for (int *it = arr; it < end; it += 3) count++;
    printf("%d\n", count);
    swap(&arr[0], &arr[9]);
    printf("%d %d\n", arr[0], arr[9]);
    int *pp[3] = { &arr[1], &arr[2], &arr[3] };
    int **ppp = pp;
    printf("%d\n", **(ppp + 2));
    char s[] = "hello";
    char *c = s;
    while (*c) { *c = (char)(*c - 32); c++; }
    printf("%s %d\n", s, (int)(c - s));
    struct { char a; int b; } st = { 'x', 42 };
    int *bp = (int *)((char *)&st + offsetof(__typeof__(st), b));
    printf("%d\n", *bp);
    return 0;
}

/* ravel-test
 * run: ok
 * stdout: 0
 * stdout: 6
 * stdout: 55
 * stdout: 60
 * stdout: 19
 * stdout: 10000000004
 * stdout: 100
 */
#include <stdio.h>
#include <stdarg.h>

static int sum_ints(int count, ...) {
    va_list ap;
    va_start(ap, count);
    int s = 0;
    for (int i = 0; i < count; i++) s += va_arg(ap, int);
    va_end(ap);
    return s;
}

/* sum until a 0 sentinel, walking the list twice with va_copy */
static int sum_twice(int first, ...) {
    va_list ap, ap2;
    va_start(ap, first);
    va_copy(ap2, ap);
    int s = first;
    int v;
    while ((v = va_arg(ap, int)) != 0) s += v;
    while ((v = va_arg(ap2, int)) != 0) s += v;
    va_end(ap2);
    va_end(ap);
    return s;
}

static long long sum_mixed(int count, ...) {
    va_list ap;
    va_start(ap, count);
    long long s = 0;
    for (int i = 0; i < count; i++) {
        if (i % 2 == 0) s += va_arg(ap, int);
        else s += va_arg(ap, long long);
    }
    va_end(ap);
    return s;
}

static int vsum(int count, va_list ap) {
    int s = 0;
    for (int i = 0; i < count; i++) s += va_arg(ap, int);
    return s;
}
static int sum_via_vlist(int count, ...) {
    va_list ap;
    va_start(ap, count);
    int s = vsum(count, ap);
    va_end(ap);
    return s;
}

int main(void) {
    printf("%d\n", sum_ints(0));
    printf("%d\n", sum_ints(3, 1, 2, 3));
    printf("%d\n", sum_ints(10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
    char c = 'A';
    short sh = -5;
    printf("%d\n", sum_ints(2, c, sh));
    printf("%d\n", sum_twice(1, 2, 3, 4, 0));
    printf("%lld\n", sum_mixed(4, 1, 10000000000LL, -2, 5LL));
    printf("%d\n", sum_via_vlist(4, 10, 20, 30, 40));
    return 0;
}

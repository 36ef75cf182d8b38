/* ravel-test
 * run: ok
 * clang: -m32
 * stdout: SIZE_MAX 4294967295
 * stdout: wrap 4294967295 1
 * stdout: strlen 5
 * stdout: PTRDIFF_MAX 2147483647
 * stdout: UINTPTR_MAX 4294967295
 * stdout: long via varargs 2099999999
 * stdout: %lx of -1L ffffffff
 * stdout: %llx of -1LL ffffffffffffffff
 */
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>
#include <stdarg.h>
#include <string.h>

static long sum_longs(int n, ...) {
    va_list ap;
    va_start(ap, n);
    long s = 0;
    for (int i = 0; i < n; i++) s += va_arg(ap, long);
    va_end(ap);
    return s;
}

int main(void) {
    printf("SIZE_MAX %zu\n", (size_t)SIZE_MAX);
    size_t z = 0;
    z -= 1;
    printf("wrap %zu %d\n", z, z == 4294967295u);
    printf("strlen %zu\n", strlen("ilp32"));
    printf("PTRDIFF_MAX %td\n", (ptrdiff_t)PTRDIFF_MAX);
    printf("UINTPTR_MAX %lu\n", (unsigned long)UINTPTR_MAX);
    printf("long via varargs %ld\n", sum_longs(3, 2000000000L, 100000000L, -1L));
    printf("%%lx of -1L %lx\n", -1L);
    printf("%%llx of -1LL %llx\n", -1LL);
    return 0;
}

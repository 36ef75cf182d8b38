/* ravel-test
 * run: ok
 * stdout: -1234 rest=xyz
 * stdout: 255 rest=[]
 * stdout: 26
 * stdout: 493
 * stdout: 45
 * stdout: 1295
 * stdout: 42
 * stdout: 0 1
 * stdout: 4000000000 1
 * stdout: 65535
 * stdout: -9000000000000
 * stdout: 18446744073709551615
 * stdout: 123 -77 0 0
 * stdout: 99999 123456789012
 * stdout: total 60
 */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    char *end;
    long v = strtol("  -1234xyz", &end, 10);
    printf("%ld rest=%s\n", v, end);
    v = strtol("ff", &end, 16);
    printf("%ld rest=[%s]\n", v, end);
    v = strtol("0x1A", NULL, 0);
    printf("%ld\n", v);
    v = strtol("0755", NULL, 0);
    printf("%ld\n", v);
    v = strtol("101101", NULL, 2);
    printf("%ld\n", v);
    v = strtol("zz", NULL, 36);
    printf("%ld\n", v);
    v = strtol("+42", NULL, 10);
    printf("%ld\n", v);
    const char *none = "abc";
    v = strtol(none, &end, 10);
    printf("%ld %d\n", v, end == none);
    unsigned long u = strtoul("4000000000", &end, 10);
    printf("%lu %d\n", u, *end == '\0');
    u = strtoul("0xFFFF", NULL, 16);
    printf("%lu\n", u);
    long long ll = strtoll("-9000000000000", NULL, 10);
    printf("%lld\n", ll);
    unsigned long long ull = strtoull("18446744073709551615", NULL, 10);
    printf("%llu\n", ull);
    printf("%d %d %d %d\n", atoi("123"), atoi("  -77abc"), atoi("x1"), atoi("0"));
    printf("%ld %lld\n", atol("99999"), atoll("123456789012"));
    const char *list = "10,20,30";
    const char *p = list;
    long total = 0;
    while (*p) {
        total += strtol(p, &end, 10);
        p = *end == ',' ? end + 1 : end;
    }
    printf("total %ld\n", total);
    return 0;
}

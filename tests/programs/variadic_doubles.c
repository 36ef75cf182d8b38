/* ravel-test
 * run: ok
 * stdout: 2.500
 * stdout: 1.000
 * stdout: [i 7][d 3.14][s abc][i -2][d 1000.00]
 * stdout: x=12 0.2
 * stdout: 0.5|100000
 */
#include <stdio.h>
#include <stdarg.h>

static double average(int count, ...) {
    va_list ap;
    va_start(ap, count);
    double s = 0.0;
    for (int i = 0; i < count; i++) s += va_arg(ap, double);
    va_end(ap);
    return count ? s / count : 0.0;
}

/* a tiny formatter: i = int, d = double, s = string */
static void show(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    for (const char *p = fmt; *p; p++) {
        switch (*p) {
        case 'i': printf("[i %d]", va_arg(ap, int)); break;
        case 'd': printf("[d %.2f]", va_arg(ap, double)); break;
        case 's': printf("[s %s]", va_arg(ap, const char *)); break;
        }
    }
    va_end(ap);
    putchar('\n');
}

static void my_printf(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
}

int main(void) {
    printf("%.3f\n", average(3, 1.0, 2.0, 4.5));
    float f = 2.5f; /* promoted to double */
    printf("%.3f\n", average(2, f, -0.5));
    show("idsid", 7, 3.14159, "abc", -2, 1e3);
    my_printf("%s=%d %.1f\n", "x", 12, 0.25);
    char buf[32];
    snprintf(buf, sizeof buf, "%g|%g", 0.5, 100000.0);
    puts(buf);
    return 0;
}

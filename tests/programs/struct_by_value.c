/* ravel-test
 * run: ok
 * stdout: 108 3 big3
 * stdout: memcmp 1
 * stdout: c 12
 * stdout: 6.00 8 1.00
 * stdout: 16 big2
 */
#include <stdio.h>
#include <string.h>

struct big { long long a[8]; char tag[16]; };
struct small { char c; short s; };
struct mixed { double d; int i; float f; };

static struct big make_big(int seed) {
    struct big b;
    for (int i = 0; i < 8; i++) b.a[i] = (long long)seed * (i + 1);
    snprintf(b.tag, sizeof b.tag, "big%d", seed);
    return b;
}

static long long sum_big(struct big b) {
    long long s = 0;
    for (int i = 0; i < 8; i++) s += b.a[i];
    b.a[0] = -1; /* modifies the copy only */
    return s;
}

static struct small bump(struct small s) { s.c++; s.s *= 2; return s; }
static struct mixed scale(struct mixed m, double k) { m.d *= k; m.i *= (int)k; m.f *= (float)k; return m; }

int main(void) {
    struct big b = make_big(3);
    printf("%lld %lld %s\n", sum_big(b), b.a[0], b.tag);
    struct big c;
    memcpy(&c, &b, sizeof b);
    printf("memcmp %d\n", memcmp(&c, &b, sizeof b) == 0);
    struct small s = bump(bump((struct small){ 'a', 3 }));
    printf("%c %d\n", s.c, s.s);
    struct mixed m = scale((struct mixed){ 1.5, 2, 0.25f }, 4.0);
    printf("%.2f %d %.2f\n", m.d, m.i, m.f);
    struct big arr[2] = { make_big(1), make_big(2) };
    arr[0] = arr[1];
    printf("%lld %s\n", arr[0].a[7], arr[0].tag);
    return 0;
}

/* ravel-test
 * run: ok
 * stdout: third 3ffdaaaaaaaaaaaaaaab
 * stdout: tenth 3ffbcccccccccccccccd
 * stdout: sum 3fffb333333333333333
 * stdout: prod c03b891087a3ef4c08a8
 * stdout: diff 403eab54a98ceb1f0ad2
 * stdout: sqrt2 3fffb504f333f9de6484
 * stdout: sqrt_denormal 1ff1e4bf1839e031b768
 * stdout: fmod 4000d000000000000000
 * stdout: tie_even 403f8000000000000000
 * stdout: tie_odd 403f8000000000000002
 * stdout: denormal_half 0000000000033193c731
 * stdout: min_over_3 00000000000000000002
 * stdout: overflow 7fff8000000000000000
 * stdout: neg 3ffbcccccccccccccccd
 * stdout: inf_minus_inf ffffc000000000000000
 * stdout: zero_div 7fff8000000000000000
 * stdout: from_double 3ffbccccccccccccd000
 * stdout: from_ull 403effffffffffffffff
 * stdout: from_ll c03e8000000000000000
 * stdout: to_double 0.33333333333333331
 * stdout: to_float 0.333333343
 * stdout: to_ll -12345
 * stdout: to_ull 12345678901234567890
 * stdout: cmp 1 1 0 1
 * stdout: fmt 0.333333 1.235e+19 -0.1 2.7182818284590452354
 * stdout: special inf -inf -nan
 * stdout: round -3 3 -3 -2
 * stdout: misc 0.1 -1 3 7
 * stdout: pi 3 6.283185307179586477 0.75
 * stdout: harmonic 4001a5feff22c89214b4
 * seeds: 1
 */
/* x86 long double (x86_fp80) in software: arithmetic, comparisons, conversions, globals,
 * printf and math functions, checked against a native run (see the stdout lines). */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdarg.h>
#include <string.h>

static long double table[4] = {1.5L, -0.1L, 1e-4940L, 12345678901234567890.0L};
static struct { int tag; long double v; } tagged = {7, 2.718281828459045235360287471352662497L};
/* An initializer with an address next to a long double. */
static struct named { const char *name; long double v; } named = {"pi", 3.14159265358979323846264338327950288L};

struct pair { int n; long double v; };

static struct pair make_pair(int n, long double v) {
    struct pair p = {n, v};
    return p;
}

static long double sum(int n, ...) {
    va_list ap;
    va_start(ap, n);
    long double s = 0;
    for (int i = 0; i < n; i++)
        s += va_arg(ap, long double);
    va_end(ap);
    return s;
}

/* The bit pattern, so rounding differences in the last place show. */
static void bits(const char *what, long double x) {
    unsigned long long lo;
    unsigned short hi;
    memcpy(&lo, &x, 8);
    memcpy(&hi, (char *)&x + 8, 2);
    printf("%s %04x%016llx\n", what, hi, lo);
}

static long double id(volatile long double x) { return x; }

int main(void) {
    long double one = id(1.0L), three = id(3.0L), ten = id(10.0L);
    bits("third", one / three);
    bits("tenth", one / ten);
    bits("sum", table[0] + table[1]);
    bits("prod", table[1] * table[3]);
    bits("diff", table[3] - id(0.5L));
    bits("sqrt2", sqrtl(id(2.0L)));
    bits("sqrt_denormal", sqrtl(table[2]));
    bits("fmod", fmodl(table[3], id(7.25L)));
    bits("tie_even", id(18446744073709551616.0L) + one);
    bits("tie_odd", id(18446744073709551616.0L) + three);
    bits("denormal_half", table[2] / id(2.0L));
    bits("min_over_3", LDBL_TRUE_MIN * id(3.0L) / id(2.0L));
    bits("overflow", LDBL_MAX * id(2.0L));
    bits("neg", -table[1]);
    bits("inf_minus_inf", id(INFINITY) - id(INFINITY));
    bits("zero_div", one / id(0.0L));
    bits("from_double", (long double)0.1);
    bits("from_ull", (long double)id(18446744073709551615.0L));
    bits("from_ll", (long double)(-9223372036854775807LL - 1));
    printf("to_double %.17g\n", (double)(one / three));
    printf("to_float %.9g\n", (float)(one / three));
    printf("to_ll %lld\n", (long long)id(-12345.75L));
    printf("to_ull %llu\n", (unsigned long long)table[3]);
    printf("cmp %d %d %d %d\n", table[0] > table[1], table[1] < table[2], id(NAN) == id(NAN), id(-0.0L) == 0.0L);
    printf("fmt %Lf %.3Le %Lg %.20Lg\n", one / three, table[3], table[1], tagged.v);
    printf("special %Lf %Le %Lg\n", id(INFINITY), -id(INFINITY), sqrtl(-one));
    printf("round %Lg %Lg %Lg %Lg\n", floorl(-id(2.5L)), ceill(id(2.25L)), roundl(-id(2.5L)), truncl(id(-2.75L)));
    printf("misc %Lg %Lg %Lg %d\n", fabsl(table[1]), copysignl(one, -one), fmaxl(one, three), tagged.tag);
    struct pair p = make_pair(3, named.v * id(2.0L));
    printf("%s %d %.19Lg %Lg\n", named.name, p.n, p.v, sum(3, id(0.5L), id(0.25L), (long double)1e-30));
    long double acc = 0;
    for (int i = 1; i <= 100; i++)
        acc += one / (long double)i;
    bits("harmonic", acc);
    return 0;
}

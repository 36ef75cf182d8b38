/* ravel-test
 * run: ok
 * stdout: add 10
 * stdout: sub 4
 * stdout: mul 21
 * stdout: fold 15 120
 * stdout: pick 6
 * stdout: twice 20
 * stdout: table 42
 * stdout: equal 1 0
 */
#include <stdio.h>

typedef int (*binop)(int, int);
static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }

struct op { const char *name; binop fn; };
static const struct op ops[] = { { "add", add }, { "sub", sub }, { "mul", mul } };

static int fold(const int *xs, int n, int init, binop f) {
    int acc = init;
    for (int i = 0; i < n; i++) acc = f(acc, xs[i]);
    return acc;
}

static binop pick(char c) {
    switch (c) {
    case '+': return add;
    case '-': return sub;
    default: return mul;
    }
}

static void apply_twice(void (*f)(int *), int *v) { f(v); f(v); }
static void dbl(int *v) { *v *= 2; }

int main(void) {
    for (unsigned i = 0; i < sizeof ops / sizeof ops[0]; i++)
        printf("%s %d\n", ops[i].name, ops[i].fn(7, 3));
    int xs[] = { 1, 2, 3, 4, 5 };
    printf("fold %d %d\n", fold(xs, 5, 0, add), fold(xs, 5, 1, mul));
    printf("pick %d\n", pick('-')(10, 4));
    int v = 5;
    apply_twice(dbl, &v);
    printf("twice %d\n", v);
    binop table[2][2] = { { add, sub }, { mul, add } };
    printf("table %d\n", table[1][0](6, 7));
    printf("equal %d %d\n", pick('+') == add, pick('*') == sub);
    return 0;
}

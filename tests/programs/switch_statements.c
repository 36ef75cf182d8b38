/* ravel-test
 * run: ok
 * stdout: many zero one two three four many
 * stdout: 1 2 3 4 0
 * stdout: 111 110 100 -1 1000
 * stdout: cvsddscvv
 * stdout: u200
 */
#include <stdio.h>

static const char *dense(int x) {
    switch (x) {
    case 0: return "zero";
    case 1: return "one";
    case 2: return "two";
    case 3: return "three";
    case 4: return "four";
    default: return "many";
    }
}

static int sparse(long long x) {
    switch (x) {
    case -1000000000000LL: return 1;
    case 7: return 2;
    case 1 << 20: return 3;
    case 99999: return 4;
    }
    return 0;
}

static int fallthrough(int x) {
    int r = 0;
    switch (x) {
    case 1: r += 1; /* fall through */
    case 2: r += 10; /* fall through */
    case 3: r += 100; break;
    case 4: r = -1; break;
    default: r = 1000;
    }
    return r;
}

static int classify(char c) {
    switch (c) {
    case 'a': case 'e': case 'i': case 'o': case 'u': return 'v';
    case '0' ... '9': return 'd';
    case ' ': return 's';
    default: return 'c';
    }
}

int main(void) {
    for (int i = -1; i <= 5; i++) printf("%s%c", dense(i), i < 5 ? ' ' : '\n');
    printf("%d %d %d %d %d\n", sparse(-1000000000000LL), sparse(7), sparse(1 << 20), sparse(99999), sparse(8));
    printf("%d %d %d %d %d\n", fallthrough(1), fallthrough(2), fallthrough(3), fallthrough(4), fallthrough(5));
    const char *s = "hi 42 you";
    for (const char *p = s; *p; p++) putchar(classify(*p));
    putchar('\n');
    unsigned char u = 200;
    switch (u) { case 200: puts("u200"); break; default: puts("other"); }
    return 0;
}

/* ravel-test
 * run: ok
 * stdout: -100 -7 0 3 5 19 42 99
 * stdout: found 19 at 5
 * stdout: missing 1
 * stdout: apple banana fig pear
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}
static int cmp_str(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int main(void) {
    int v[] = { 42, -7, 19, 0, 3, 99, -100, 5 };
    size_t n = sizeof v / sizeof v[0];
    qsort(v, n, sizeof v[0], cmp_int);
    for (size_t i = 0; i < n; i++) printf("%d%c", v[i], i + 1 < n ? ' ' : '\n');
    int key = 19;
    int *found = bsearch(&key, v, n, sizeof v[0], cmp_int);
    printf("found %d at %d\n", found ? *found : -1, found ? (int)(found - v) : -1);
    key = 20;
    printf("missing %d\n", bsearch(&key, v, n, sizeof v[0], cmp_int) == NULL);
    const char *words[] = { "pear", "apple", "fig", "banana" };
    qsort(words, 4, sizeof words[0], cmp_str);
    printf("%s %s %s %s\n", words[0], words[1], words[2], words[3]);
    return 0;
}

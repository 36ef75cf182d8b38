/* ravel-test
 * run: error null-dereference
 */
#include <stddef.h>

static int *find(int *a, int n, int key) {
    for (int i = 0; i < n; i++)
        if (a[i] == key) return &a[i];
    return NULL;
}

int main(void) {
    int a[4] = { 1, 2, 3, 4 };
    int *p = find(a, 4, 9);
    return *p; /* 9 is not there */
}

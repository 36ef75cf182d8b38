/* ravel-test
 * run: error out-of-bounds
 */
static int sum(const int *a, int n) {
    int s = 0;
    for (int i = 0; i <= n; i++) s += a[i]; /* reads a[n] */
    return s;
}

int main(void) {
    int local[8];
    for (int i = 0; i < 8; i++) local[i] = i;
    return sum(local, 8) == 0;
}

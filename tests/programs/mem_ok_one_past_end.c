/* ravel-test
 * a pointer to one past the end of an array bounds a loop, and a pointer before the start is computed but never used: correct.
 * run: ok
 * check: safe
 */
int a[8];
int main(void) {
    int *end = a + 8;
    int s = 0;
    for (int *p = a; p != end; p++)
        *p = 1;
    for (int *p = end - 1; p >= a; p--)
        s += *p;
    return s == 8 ? 0 : 1;
}

/* ravel-test
 * a negative index writes before a global array.
 * run: error out-of-bounds
 * check: unsafe out-of-bounds
 */
int before[4];
int a[4];
int main(int argc, char **argv) {
    (void)argv;
    int i = -argc - 2;
    a[i] = 7;
    return before[0] + a[0];
}

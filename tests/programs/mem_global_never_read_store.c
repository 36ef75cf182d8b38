/* ravel-test
 * an out-of-bounds store to a global nobody reads again (a dead store an optimiser could drop).
 * run: error out-of-bounds
 * check: unsafe out-of-bounds
 */
int a[4];
int main(int argc, char **argv) {
    (void)argv;
    a[argc + 20] = 1;
    return 0;
}

/* ravel-test
 * a global array read one element past its end.
 * run: error out-of-bounds
 * check: unsafe out-of-bounds
 */
int a[4] = {1, 2, 3, 4};
int main(int argc, char **argv) {
    (void)argv;
    int i = argc + 3;
    return a[i];
}

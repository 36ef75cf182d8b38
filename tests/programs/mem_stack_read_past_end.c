/* ravel-test
 * a local array read past its end.
 * run: error out-of-bounds
 * check: unsafe out-of-bounds
 */
int main(int argc, char **argv) {
    (void)argv;
    volatile int b[4] = {1, 2, 3, 4};
    int i = argc + 3;
    return b[i];
}

/* ravel-test
 * a local array written past its end.
 * run: error out-of-bounds
 * check: unsafe out-of-bounds
 */
int main(int argc, char **argv) {
    (void)argv;
    int b[4] = {0};
    int i = argc + 5;
    b[i] = 1;
    return b[0];
}

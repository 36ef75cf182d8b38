/* ravel-test
 * a local array written out of bounds and never read (the whole array is dead).
 * run: error out-of-bounds
 * check: unsafe out-of-bounds
 */
int main(int argc, char **argv) {
    (void)argv;
    int b[4];
    b[argc + 7] = 3;
    return 0;
}

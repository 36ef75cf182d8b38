/* ravel-test
 * a store through a null pointer nothing reads.
 * run: error null-dereference
 * check: unsafe null-dereference
 */
int main(int argc, char **argv) {
    (void)argv;
    int *p = argc > 5 ? &argc : 0;
    *p = 1;
    return 0;
}

/* ravel-test
 * a stray index writes past a global array (it lands where the next object would be).
 * run: error out-of-bounds
 * check: unsafe out-of-bounds
 */
int a[4];
int b[4];
int main(int argc, char **argv) {
    (void)argv;
    int i = argc + 10;
    a[i] = 0x41414141;
    return b[0];
}

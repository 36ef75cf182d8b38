/* ravel-test
 * run: error out-of-bounds
 */
int table[16];
int after = 5;

int main(void) {
    int idx = 0;
    for (int i = 0; i < 4; i++) idx += 4; /* idx == 16 */
    table[idx] = 1;
    return after;
}

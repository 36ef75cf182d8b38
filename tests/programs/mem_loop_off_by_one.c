/* ravel-test
 * a loop that runs to i <= N writes one element too many.
 * run: error out-of-bounds
 * check: unsafe out-of-bounds
 */
#define N 8
int table[N];
int after[N];
int main(void) {
    for (int i = 0; i <= N; i++)
        table[i] = i;
    return after[0];
}

/* ravel-test
 * run: error reach-error
 */
void reach_error(void);

static int sum_to(int n) {
    int s = 0;
    for (int i = 1; i <= n; i++) s += i;
    return s;
}

int main(void) {
    if (sum_to(10) == 55) reach_error(); /* always taken */
    return 0;
}

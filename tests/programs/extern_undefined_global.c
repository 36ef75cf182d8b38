/* ravel-test
 * run: unknown
 * check: unknown
 * check-all: unknown
 * report: run
 */
/* A global that is declared but defined by no linked file (as a library variable whose
 * source file was not built in): ravel knows neither its size nor its contents, so an
 * access stops with "unsupported: undefined external global", never a wrong verdict.
 * Taking and comparing its address is fine. */
extern int undefined_counter;
int *p = &undefined_counter;

int main(void) {
    if (p == 0)
        return 2;
    return undefined_counter;
}

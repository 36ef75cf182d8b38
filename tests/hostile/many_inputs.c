// Eight inputs, each compared with constants: 100000 values each under
// --enumerate-inputs is far beyond any time limit, so --timeout must end the search.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
    int sum = 0;
    for (int i = 0; i < 8; i++) {
        int x = __VERIFIER_nondet_int();
        if (x == 12345 + i)
            sum++;
    }
    if (sum == 8)
        reach_error();
    return 0;
}

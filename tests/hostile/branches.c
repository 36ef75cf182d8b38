// 60 independent branches on inputs: 2^60 paths. --max-executions must stop the search
// early and in little memory.
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int n = 0;
    for (int i = 0; i < 60; i++)
        if (__VERIFIER_nondet_int() > 0)
            n++;
    return n == 61;
}

/* ravel-test
 * message passing with plain accesses under SC: (flag 1, data 0) is impossible: 3
 * run: ok
 * run-flags: --no-races (a litmus test: its races are the point; run checks the output)
 * check-all: safe executions=3
 * check-flags: --no-races
 */
/* Derivation. Writer: Wd (d = 1), Wf (f = 1). Reader: Rf (read f), Rd (read d). Conflicting
 * pairs: Wf/Rf and Wd/Rd, each in 2 orders: 4 combinations. Wf < Rf together with
 * Rd < Wd gives the cycle Wd < Wf < Rf < Rd < Wd: not SC. 4 - 1 = 3, and the reader never
 * sees the flag without the data. */
#include <pthread.h>
#include <assert.h>
long d, f;
void *writer(void *p) { d = 1; f = 1; return 0; }
void *reader(void *p) {
    long rf = f;
    long rd = d;
    assert(!(rf == 1 && rd == 0));
    return 0;
}
int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, 0, writer, 0);
    pthread_create(&t2, 0, reader, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return 0;
}

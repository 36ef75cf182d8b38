/* ravel-test
 * A read at a symbolic index conflicts with a write to any cell of the array, even when
 * the current input picks another cell: the order "write cells[2], then read cells[i] with
 * i == 2" must be explored and fails the check.
 * check-all: unsafe assertion-failure
 * check-flags: --no-races
 */
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int cells[4];
void *writer(void *p) {
    cells[2] = 5;
    return 0;
}
void *reader(void *p) {
    int i = __VERIFIER_nondet_int();
    __VERIFIER_assume(i >= 0);
    __VERIFIER_assume(i < 4);
    int v = cells[i];
    assert(v != 5);
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&b, 0, reader, 0);
    pthread_create(&a, 0, writer, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}

/* ravel-test
 * An off-by-one bound on a symbolic index: only i == 4 writes past the array, and the
 * solver finds it from the bounds condition of the store.
 * check: unsafe out-of-bounds
 */
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void *worker(void *p) {
    int a[4] = {1, 2, 3, 4};
    int i = __VERIFIER_nondet_int();
    __VERIFIER_assume(i >= 0 && i <= 4);
    a[i] = 10;
    return (void *)(long)a[0];
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    return 0;
}

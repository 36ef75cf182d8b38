/* ravel-test
 * SV-COMP atomic sections make a read-modify-write indivisible
 * check-all: safe executions=2
 */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
int c;
void *w(void *p) { __VERIFIER_atomic_begin(); c = c + 1; __VERIFIER_atomic_end(); return 0; }
int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, w, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    assert(c == 2);
    return 0;
}

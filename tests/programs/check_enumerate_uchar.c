/* ravel-test
 * an unsigned char input has 256 values: enumerating all of them is exhaustive
 * check: safe executions=256
 * check-unfold: safe executions=256
 * check-flags: --enumerate-inputs 256
 */
#include <pthread.h>
#include <assert.h>
extern unsigned char __VERIFIER_nondet_uchar(void);
int x;
void *w(void *p) { x = __VERIFIER_nondet_uchar(); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); pthread_join(t, 0); assert(x < 256); return 0; }

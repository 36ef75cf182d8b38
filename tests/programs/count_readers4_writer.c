/* ravel-test
 * four plain readers and one writer of one variable: 2^4 = 16
 * run: ok
 * run-flags: --no-races (a litmus test: its races are the point; run checks the output)
 * check-all: safe executions=16
 * check-flags: --no-races
 */
/* Derivation. Each reader's single read is before or after the write (conflict); the
 * reads commute with each other, so their mutual order never matters: 2^4 = 16 classes. */
#include <pthread.h>
long x;
void *w(void *p) { x = 1; return 0; }
void *r(void *p) { long v = x; (void)v; return 0; }
int main(void) {
    pthread_t t[5];
    pthread_create(&t[0], 0, w, 0);
    for (int i = 1; i < 5; i++) pthread_create(&t[i], 0, r, 0);
    for (int i = 0; i < 5; i++) pthread_join(t[i], 0);
    return 0;
}

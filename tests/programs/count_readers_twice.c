/* ravel-test
 * two readers that read one variable twice each, one writer: 3^2 = 9
 * run: ok
 * run-flags: --no-races (a litmus test: its races are the point; run checks the output)
 * check-all: safe executions=9
 * check-flags: --no-races
 */
/* Derivation. Per reader the write falls before its first read, between its reads, or
 * after its second read: 3 classes per reader. Reads of different readers commute, so the
 * readers are independent of each other: 3 * 3 = 9. */
#include <pthread.h>
long x;
void *w(void *p) { x = 1; return 0; }
void *r(void *p) { long a = x; long b = x; (void)a; (void)b; return 0; }
int main(void) {
    pthread_t t[3];
    pthread_create(&t[0], 0, w, 0);
    pthread_create(&t[1], 0, r, 0);
    pthread_create(&t[2], 0, r, 0);
    for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
    return 0;
}

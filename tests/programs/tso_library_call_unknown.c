/* ravel-test
 * memcpy is no fence on x86, but ravel's library models do not read or write through the
 * store buffer, so under TSO a thread waits for its buffer to empty before such a call.
 * That hides the orders where x is still buffered during the call, so no exhaustive
 * exploration can conclude safe: the verdict is unknown, with the reason. Under SC: 3
 * classes as SB.
 * run: ok
 * run-flags: --no-races (a litmus test: its races are the point; run checks the output)
 * check-all: safe executions=3
 * check-tso: unknown
 * check-flags: --no-races
 */
#include <pthread.h>
#include <string.h>
int x, y, r1, r2;
static void *a(void *p) {
    char local[4];
    x = 1;
    memcpy(local, "abc", 4);
    r1 = y + local[0] - 'a';
    return 0;
}
static void *b(void *p) { y = 1; r2 = x; return 0; }
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, a, 0);
    pthread_create(&t[1], 0, b, 0);
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    return 0;
}

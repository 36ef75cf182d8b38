/* ravel-test
 * A thread reads back its own store while another thread overwrites it. SC: b's store
 * goes before a's store, between it and a's load, or after the load: 3 classes. TSO: a's
 * load is a visible operation even while its store is still buffered (then the buffer
 * serves it, value 1); a's store may also become visible first, and then the load reads
 * memory, where b's store may land before it (x86 allows r = 2 here). Load before a's
 * flush: 2 orders of the two flushes; flush before the load: b's flush before a's, between
 * a's flush and the load, or after the load: 3. 5 classes (of thread and buffer steps;
 * some have the same outcome, as the reduction is over steps, not over reads-from).
 * run: ok
 * run-flags: --no-races (a litmus test: its races are the point; run checks the output)
 * check-all: safe executions=3
 * check-tso: safe executions=5
 * check-flags: --no-races
 */
#include <pthread.h>
int x, r;
static void *a(void *p) { x = 1; r = x; return 0; }
static void *b(void *p) { x = 2; return 0; }
int main(void) {
    pthread_t t[2];
    pthread_create(&t[0], 0, a, 0);
    pthread_create(&t[1], 0, b, 0);
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    return 0;
}

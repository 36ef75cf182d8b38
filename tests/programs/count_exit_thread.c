/* ravel-test
 * a thread writes then calls exit(3) while another thread writes twice: 6
 * run: ok
 * exit: 3
 * check-all: safe executions=6
 * check-flags: --no-races
 */
/* Derivation. Thread b (created first): B1 (x = 2), B2 (x = 3). Thread a: A (x = 1), then
 * X = exit(3), which ends the program and conflicts with everything. Main creates b, then
 * a, then blocks joining a (a never ends normally), so main adds no event after
 * creating a. Before X, b has run k = 0, 1 or 2 of its writes (the rest never happen), and A
 * conflicts with each of them, so A sits in one of k + 1 positions among them:
 * 1 + 2 + 3 = 6. Every execution exits with status 3. main's read of x after the joins is
 * never reached, but without a read anywhere the stores would be no scheduling points.
 * The frozen sleep-set baseline reports 3 (the ending step is reversed only with
 * the latest step of each other thread); naive finds 10 schedules, which fall into these 6
 * classes once the place of main's create of a (it conflicts with none of b's writes) is
 * ignored. */
#include <pthread.h>
#include <stdlib.h>
long x;
void *b(void *p) { x = 2; x = 3; return 0; }
void *a(void *p) { x = 1; exit(3); }
int main(void) {
    pthread_t ta, tb;
    pthread_create(&tb, 0, b, 0);
    pthread_create(&ta, 0, a, 0);
    pthread_join(ta, 0);
    pthread_join(tb, 0);
    return (int)x; /* never reached; it makes x a read location (see unread_global_*.c) */
}

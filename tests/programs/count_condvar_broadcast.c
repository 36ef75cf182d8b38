/* ravel-test
 * two waiters (flag, while loop) and one broadcaster: 10
 * run: ok
 * check: safe executions=10
 * check-all: safe executions=10
 */
/* Derivation. The classes are the orders of the critical sections on m. The broadcaster
 * has one section B (lock, flag = 1, broadcast, unlock). A waiter that locks before B has
 * two sections: a (sees 0, waits) and, after B wakes it, b (relock, sees 1, unlock); a
 * waiter that locks after B has one section w (sees 1).
 *   both after B:            B, then w1 w2 in either order             2
 *   waiter 1 before, 2 after: a1 B, then b1 and w2 in either order     2
 *   waiter 2 before, 1 after: symmetric                                2
 *   both before:             a1 a2 in either order, B, b1 b2 either    4
 * 2 + 2 + 2 + 4 = 10. */
#include <pthread.h>
#include <assert.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
long flag;
void *waiter(void *p) {
    pthread_mutex_lock(&m);
    while (!flag)
        pthread_cond_wait(&cv, &m);
    pthread_mutex_unlock(&m);
    return 0;
}
void *broadcaster(void *p) {
    pthread_mutex_lock(&m);
    flag = 1;
    pthread_cond_broadcast(&cv);
    pthread_mutex_unlock(&m);
    return 0;
}
int main(void) {
    pthread_t t[3];
    pthread_create(&t[0], 0, waiter, 0);
    pthread_create(&t[1], 0, waiter, 0);
    pthread_create(&t[2], 0, broadcaster, 0);
    for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
    return 0;
}

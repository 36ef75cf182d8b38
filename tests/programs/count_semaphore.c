/* ravel-test
 * a semaphore from 0, one thread posts twice, two threads wait once each: 4
 * run: ok
 * check: safe executions=4
 * check-all: safe executions=4
 */
/* Derivation. Every sem operation conflicts, so a class is an order of P1 P2 (the
 * poster's two posts, in program order) and the waits Wa, Wb in which a wait never takes
 * the count below zero. As strings of P/W: PPWW and PWPW (each prefix has no more W than
 * P), and in each the two waits can be Wa/Wb or Wb/Wa: 2 * 2 = 4. */
#include <pthread.h>
#include <semaphore.h>
#include <assert.h>
sem_t s;
void *poster(void *p) { sem_post(&s); sem_post(&s); return 0; }
void *waiter(void *p) { sem_wait(&s); return 0; }
int main(void) {
    pthread_t t[3];
    sem_init(&s, 0, 0);
    pthread_create(&t[0], 0, poster, 0);
    pthread_create(&t[1], 0, waiter, 0);
    pthread_create(&t[2], 0, waiter, 0);
    for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
    int v;
    sem_getvalue(&s, &v);
    assert(v == 0);
    return 0;
}

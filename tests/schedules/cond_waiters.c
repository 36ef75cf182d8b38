/* Two threads wait on one condition variable; main signals twice. In the interpreter a
 * signal may wake either waiter; the native runtime wakes the one that waited longest,
 * so executions waking the other are left out of the schedules (one run natively would
 * get stuck waiting for a wake-up that never comes). Every schedule runs to completion. */
#include <pthread.h>
#include <stdio.h>

extern int __VERIFIER_nondet_int(void);

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int tokens, out[2], n;

void *waiter(void *arg) {
    pthread_mutex_lock(&m);
    while (!tokens)
        pthread_cond_wait(&c, &m);
    tokens--;
    out[(long)arg] = n;
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    n = __VERIFIER_nondet_int();
    pthread_t t[2];
    for (long i = 0; i < 2; i++)
        pthread_create(&t[i], 0, waiter, (void *)i);
    for (int i = 0; i < 2; i++) {
        pthread_mutex_lock(&m);
        tokens++;
        pthread_cond_signal(&c);
        pthread_mutex_unlock(&m);
    }
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], 0);
    printf("%d %d\n", out[0], out[1]);
    return 0;
}

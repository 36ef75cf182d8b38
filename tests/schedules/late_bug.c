/* The bug comes late: each worker locks twice, and only then, for input 42, both write
 * `racy` without the lock (a data race in every order). `ravel schedules --check` says
 * unsafe; with `--prefix 2` the executions stop after the first two lock operations,
 * before the race, so the verdict must be unknown (the free rest was not explored), never
 * safe. */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int count, racy, x;

void *worker(void *arg) {
    (void)arg;
    for (int i = 0; i < 2; i++) {
        pthread_mutex_lock(&m);
        count++;
        pthread_mutex_unlock(&m);
    }
    if (x == 42)
        racy++;
    return 0;
}

int main(void) {
    x = __VERIFIER_nondet_int();
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], 0, worker, 0);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], 0);
    return 0;
}

/* ravel-test
 * run: ok
 * seeds: 5
 * stdout: counter 100
 */
#include <stdio.h>
#include <pthread.h>
#include <assert.h>

void reach_error(void);

int counter = 0;

/* SV-COMP convention: functions named __VERIFIER_atomic_* execute atomically */
void __VERIFIER_atomic_inc(void) {
    int tmp = counter;
    tmp = tmp + 1;
    counter = tmp;
}

void *worker(void *arg) {
    (void)arg;
    for (int i = 0; i < 50; i++) __VERIFIER_atomic_inc();
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    if (counter != 100) reach_error();
    printf("counter %d\n", counter);
    return 0;
}

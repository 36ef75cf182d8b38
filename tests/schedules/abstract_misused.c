/* order.c with the input made abstract, although the synchronisation depends on it (the
 * third worker locks only when it is positive): a wrong use of ravel_abstract. */
#include <pthread.h>
#include <stdio.h>

extern int __VERIFIER_nondet_int(void);
extern int ravel_abstract_int(int x);

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int log_, x;

void *worker(void *arg) {
    long id = (long)arg;
    if (id == 3 && x <= 0)
        return 0;
    pthread_mutex_lock(&m);
    log_ = log_ * 10 + (int)id;
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    x = ravel_abstract_int(__VERIFIER_nondet_int());
    pthread_t t[3];
    for (long i = 0; i < 3; i++)
        pthread_create(&t[i], 0, worker, (void *)(i + 1));
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], 0);
    printf("%d\n", log_);
    return 0;
}

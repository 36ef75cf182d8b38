/* Two workers append their number to a log under a lock; a third only joins in when the
 * input is positive. The log shows the lock order, which the selected schedule fixes.
 * -DABSTRACT_INPUT passes the input through ravel_abstract_int although it decides the
 * third worker's lock: a wrong use, which the verdicts and the runtime must catch. */
#include <pthread.h>
#include <stdio.h>

extern int __VERIFIER_nondet_int(void);
#ifdef ABSTRACT_INPUT
extern int ravel_abstract_int(int x);
#define INPUT(x) ravel_abstract_int(x)
#else
#define INPUT(x) (x)
#endif

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
    x = INPUT(__VERIFIER_nondet_int());
    pthread_t t[3];
    for (long i = 0; i < 3; i++)
        pthread_create(&t[i], 0, worker, (void *)(i + 1));
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], 0);
    printf("%d\n", log_);
    return 0;
}

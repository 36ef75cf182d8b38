/* Lock-order inversion when the input is zero: some orders deadlock, others do not, so
 * every input still has an error-free schedule and enforcement avoids the deadlock. */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
int flip;

void *other(void *arg) {
    (void)arg;
    pthread_mutex_lock(&b);
    pthread_mutex_lock(&a);
    pthread_mutex_unlock(&a);
    pthread_mutex_unlock(&b);
    return 0;
}

int main(void) {
    flip = __VERIFIER_nondet_int();
    pthread_t t;
    pthread_create(&t, 0, other, 0);
    if (flip) {
        pthread_mutex_lock(&b);
        pthread_mutex_lock(&a);
    } else {
        pthread_mutex_lock(&a);
        pthread_mutex_lock(&b);
    }
    pthread_mutex_unlock(&b);
    pthread_mutex_unlock(&a);
    pthread_join(t, 0);
    return 0;
}

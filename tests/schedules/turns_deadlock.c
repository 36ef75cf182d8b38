/* Lock-order inversion between two workers when the input is zero. Taking turns (the
 * order `ravel schedules` follows first, one per path of the inputs) deadlocks there:
 * the first takes a, the second b, and each waits for the other. Other orders complete,
 * so every order is explored, and every input still has an error-free schedule. */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
int flip, done;

void *forward(void *arg) {
    (void)arg;
    pthread_mutex_lock(&a);
    pthread_mutex_lock(&b);
    done++;
    pthread_mutex_unlock(&b);
    pthread_mutex_unlock(&a);
    return 0;
}

void *backward(void *arg) {
    (void)arg;
    if (flip) {
        pthread_mutex_lock(&a);
        pthread_mutex_lock(&b);
    } else {
        pthread_mutex_lock(&b);
        pthread_mutex_lock(&a);
    }
    done++;
    pthread_mutex_unlock(&b);
    pthread_mutex_unlock(&a);
    return 0;
}

int main(void) {
    flip = __VERIFIER_nondet_int();
    pthread_t t1, t2;
    pthread_create(&t1, 0, forward, 0);
    pthread_create(&t2, 0, backward, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return done == 2 ? 0 : 1;
}

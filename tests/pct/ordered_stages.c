/* A bug of depth 3 among 10 threads and thousands of scheduling steps: the assertion
 * fails only when `first` finishes all of its work before `second` starts, and `second`
 * takes its step before `third` starts. Under a uniformly random scheduler `second` and
 * `third` almost surely start long before `first` is done (each of the ~1,700 steps picks
 * one of up to eleven threads); PCT finds it whenever main, `first`, `second` and `third`
 * have random priorities in that order (a 24th of its runs, whatever the depth).
 * Natively (gcc -pthread) it rarely fails (4 of 200 runs): `second` and `third` are
 * created before `first`. */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#define WORK 120
#define NOISE 7

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
atomic_int stage;
int shared_work;

static void work(void) {
    for (int i = 0; i < WORK; i++) {
        pthread_mutex_lock(&m);
        shared_work++;
        pthread_mutex_unlock(&m);
    }
}

void *first(void *arg) {
    work();
    atomic_store(&stage, 1);
    return arg;
}

void *second(void *arg) {
    int expected = 1;
    atomic_compare_exchange_strong(&stage, &expected, 2);
    return arg;
}

void *third(void *arg) {
    assert(atomic_load(&stage) != 2);
    return arg;
}

void *noise(void *arg) {
    work();
    return arg;
}

int main(void) {
    pthread_t t[3 + NOISE];
    pthread_create(&t[1], 0, second, 0);
    pthread_create(&t[2], 0, third, 0);
    for (int i = 0; i < NOISE; i++)
        pthread_create(&t[3 + i], 0, noise, 0);
    pthread_create(&t[0], 0, first, 0);
    for (int i = 0; i < 3 + NOISE; i++)
        pthread_join(t[i], 0);
    return 0;
}

/* N identical detached workers, each drawing an input and, under a mutex, counting it as
 * small or large; the last one out checks the counts. Every worker's input is fresh, so
 * the states engine meets states that are equal only up to a renaming of the inputs. */
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int small, large, done;
void *worker(void *arg) {
    int x = __VERIFIER_nondet_int();
    pthread_mutex_lock(&m);
    if (x < 100)
        small++;
    else
        large++;
    pthread_mutex_unlock(&m);
    pthread_mutex_lock(&m);
    if (++done == N)
        assert(small + large == N);
    pthread_mutex_unlock(&m);
    return 0;
}
int main(void) {
    pthread_t t;
    for (int i = 0; i < N; i++)
        pthread_create(&t, 0, worker, 0);
    pthread_exit(0);
}

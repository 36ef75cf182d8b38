/* An assertion only a narrow interleaving fails: main must read `x` between the worker's
   two stores. `ravel check` finds it; `ravel enforce witness` makes the native binary
   follow the witness, and every constrained run fails natively. */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x;

void *worker(void *arg) {
    (void)arg;
    atomic_store(&x, 1);
    atomic_store(&x, 0);
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    assert(atomic_load(&x) == 0);
    pthread_join(t, 0);
    return 0;
}

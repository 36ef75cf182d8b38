/* Every schedule fails for input 42 (an assertion in main after the join), so no
 * error-free schedule covers it: `ravel schedules --check` says unsafe. */
#include <assert.h>
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int count;

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    count++;
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    int x = __VERIFIER_nondet_int();
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    worker(0);
    pthread_join(t, 0);
    assert(x != 42 || count != 2);
    return 0;
}

/* ravel-test
 * run: ok
 * stdout: ravel.h works: 3
 * check: safe executions=2
 * check-unfold: safe executions=2
 */
#include <pthread.h>
#include <ravel.h>
#include <stdio.h>

static int counter;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *work(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    counter++;
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, work, NULL);
    pthread_create(&b, NULL, work, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    ravel_atomic_begin();
    counter++;
    ravel_atomic_end();
    ravel_assert(counter == 3);
    ravel_assume(counter > 0);
    printf("ravel.h works: %d\n", counter);
    return 0;
}

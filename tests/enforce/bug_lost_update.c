/* A lost update: both threads may read x before either writes it. */
#include <assert.h>
#include <pthread.h>
#include <sched.h>
int x;
void *inc(void *arg) {
    int t = x;
    sched_yield();
    x = t + 1;
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, inc, 0);
    pthread_create(&b, 0, inc, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(x == 2);
    return 0;
}

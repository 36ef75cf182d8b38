// No race: the increments are ordered by the join.
#include <pthread.h>

int x;

static void *inc(void *arg) {
    x++;
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, inc, 0);
    pthread_join(t, 0);
    x++;
    return 0;
}

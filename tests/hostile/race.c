// A data race on `x`: ravel check answers unsafe and writes a witness.
#include <pthread.h>

int x;

static void *inc(void *arg) {
    x++;
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, inc, 0);
    x++;
    pthread_join(t, 0);
    return 0;
}

// Two threads increment a shared counter forever: every access is a visible operation,
// so `ravel run` takes scheduling steps without end. --timeout must stop it on time and
// in bounded memory.
#include <pthread.h>

volatile long counter;

static void *spin(void *arg) {
    for (;;)
        counter++;
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, spin, 0);
    spin(0);
    return 0;
}

// atom001: a counter incremented inside a critical section; a second thread resets it
// without the lock (with -DFIXED it takes the lock): the reset can fall between the
// increment's read and write.
#include <pthread.h>

int counter = 0;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *inc(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    int c = counter;
    counter = c + 1;
    pthread_mutex_unlock(&m);
    return 0;
}

void *reset(void *arg) {
    (void)arg;
#ifdef FIXED
    pthread_mutex_lock(&m);
#endif
    counter = 0;
#ifdef FIXED
    pthread_mutex_unlock(&m);
#endif
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, inc, 0);
    pthread_create(&b, 0, reset, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}

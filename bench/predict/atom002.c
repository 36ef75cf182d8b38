// atom002: a pair (lo, hi) updated together under lock a; a reader checks it under lock b,
// the wrong lock (with -DFIXED it uses lock a): the reader's reads can split the update.
#include <pthread.h>

int lo = 0, hi = 0, seen = 0;
pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t b = PTHREAD_MUTEX_INITIALIZER;

void *writer(void *arg) {
    (void)arg;
    for (int i = 1; i <= 2; i++) {
        pthread_mutex_lock(&a);
        lo = i;
        hi = i;
        pthread_mutex_unlock(&a);
    }
    return 0;
}

void *reader(void *arg) {
    (void)arg;
#ifdef FIXED
    pthread_mutex_lock(&a);
#else
    pthread_mutex_lock(&b);
#endif
    int x = lo;
    int y = hi;
    int x2 = lo;
    seen = x + y + x2;
#ifdef FIXED
    pthread_mutex_unlock(&a);
#else
    pthread_mutex_unlock(&b);
#endif
    return 0;
}

int main(void) {
    pthread_t w, r;
    pthread_create(&w, 0, writer, 0);
    pthread_create(&r, 0, reader, 0);
    pthread_join(w, 0);
    pthread_join(r, 0);
    return 0;
}

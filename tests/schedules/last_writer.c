/* Two fork-join phases; in each, two threads record themselves as the last writer under a
 * lock. The phase's lock order decides `last`, so the two orders of phase 1 reach
 * different states and phase 2 is explored from each (they must not join); after phase 2
 * only phase 2's order decides `last`, so the states there join. */
#include <pthread.h>
#include <stdio.h>

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
long last = -1, total;

void *writer(void *arg) {
    pthread_mutex_lock(&lock);
    last = (long)arg;
    total += (long)arg;
    pthread_mutex_unlock(&lock);
    return 0;
}

int main(void) {
    for (int phase = 0; phase < 2; phase++) {
        pthread_t t[2];
        for (long i = 0; i < 2; i++)
            pthread_create(&t[i], 0, writer, (void *)(i + 1));
        for (int i = 0; i < 2; i++)
            pthread_join(t[i], 0);
    }
    printf("%ld %ld\n", last, total);
    return 0;
}

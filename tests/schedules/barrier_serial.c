/* The thread that gets PTHREAD_BARRIER_SERIAL_THREAD (the last to arrive) does the
 * work: the order of barrier waits matters, so each order is a schedule (2), and the
 * native runtime enforces the arrivals and makes the last one the serial thread. */
#include <pthread.h>

pthread_barrier_t barrier;
int serial;

void *worker(void *arg) {
    (void)arg;
    if (pthread_barrier_wait(&barrier) == PTHREAD_BARRIER_SERIAL_THREAD)
        serial++;
    return 0;
}

int main(void) {
    pthread_barrier_init(&barrier, 0, 2);
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], 0, worker, 0);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], 0);
    return serial != 1;
}

/* Three threads pass a barrier twice; the serial thread's result is only kept locally. */
#include <pthread.h>
pthread_barrier_t b;
int phase[3];
void *step(void *arg) {
    int id = (int)(long)arg, serial = 0;
    phase[id] = 1;
    serial += pthread_barrier_wait(&b) == PTHREAD_BARRIER_SERIAL_THREAD;
    phase[id] = 2;
    serial += pthread_barrier_wait(&b) == PTHREAD_BARRIER_SERIAL_THREAD;
    return (void *)(long)serial;
}
int main(void) {
    pthread_t t[2];
    pthread_barrier_init(&b, 0, 3);
    for (long k = 1; k <= 2; k++)
        pthread_create(&t[k - 1], 0, step, (void *)k);
    step(0);
    for (int k = 0; k < 2; k++)
        pthread_join(t[k], 0);
    pthread_barrier_destroy(&b);
    return phase[1] == 2 && phase[2] == 2 ? 0 : 1;
}

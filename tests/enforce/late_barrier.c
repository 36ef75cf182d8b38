/* Three threads meet at a barrier; the last to arrive is the serial thread. The assertion
   fails only when thread 2 arrives last; it first counts for a while (not a scheduling
   point), so that unconstrained native runs fail most of the time, while the first
   schedule ravel check verifies lets thread 3 arrive last. */
#include <assert.h>
#include <pthread.h>
pthread_barrier_t b;
int serial;
void *arrive(void *arg) {
    int id = (int)(long)arg;
    if (id == 2)
        for (volatile int i = 0; i < 200000; i++)
            ;
    if (pthread_barrier_wait(&b) == PTHREAD_BARRIER_SERIAL_THREAD)
        serial = id;
    return 0;
}
int main(void) {
    pthread_t t[3];
    pthread_barrier_init(&b, 0, 3);
    for (long k = 0; k < 3; k++)
        pthread_create(&t[k], 0, arrive, (void *)(k + 1));
    for (int k = 0; k < 3; k++)
        pthread_join(t[k], 0);
    assert(serial != 2);
    return 0;
}

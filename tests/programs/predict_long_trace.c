/* ravel-test
 * run: error assertion-failure
 * seeds: 1
 * predict: unsafe assertion-failure
 * predict-flags: --sequential --property assert
 */
// A recorded trace of about 4,800 events, too large to encode whole: six adders each add
// to a shared total 200 times in critical sections, and adder 4, once, at its 37th
// addition, reads the total in one section and writes it back in another. The run
// without preemption passes; `predict` finds the lost update by reordering a window of
// the trace around that split (the windows are placed where a thread reads a location
// and writes it back outside one critical section), and the replay confirms it.
#include <assert.h>
#include <pthread.h>

#define THREADS 6
#define ADDS 200

int total = 0;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *adder(void *arg) {
    long id = (long)arg;
    for (int i = 0; i < ADDS; i++) {
        pthread_mutex_lock(&m);
        int t = total;
        if (id == 4 && i == 37) {
            pthread_mutex_unlock(&m);
            pthread_mutex_lock(&m);
        }
        total = t + 1;
        pthread_mutex_unlock(&m);
    }
    return 0;
}

int main(void) {
    pthread_t t[THREADS];
    for (long i = 0; i < THREADS; i++)
        pthread_create(&t[i], 0, adder, (void *)i);
    for (int i = 0; i < THREADS; i++)
        pthread_join(t[i], 0);
    assert(total == THREADS * ADDS);
    return 0;
}

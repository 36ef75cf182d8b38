/* A semaphore used as a lock by three threads. The assertion fails only when thread 2
   enters first; threads 1 and 3 first count for a while (not a scheduling point), so that
   unconstrained native runs fail most of the time, while the first schedule ravel check
   verifies lets thread 1 in first. */
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
sem_t s;
int last, seen[3];
void *enter(void *arg) {
    int id = (int)(long)arg;
    if (id != 2)
        for (volatile int i = 0; i < 200000; i++)
            ;
    sem_wait(&s);
    seen[id - 1] = last;
    last = id;
    sem_post(&s);
    return 0;
}
int main(void) {
    pthread_t t[3];
    sem_init(&s, 0, 1);
    for (long k = 0; k < 3; k++)
        pthread_create(&t[k], 0, enter, (void *)(k + 1));
    for (int k = 0; k < 3; k++)
        pthread_join(t[k], 0);
    assert(seen[1] != 0);
    return 0;
}

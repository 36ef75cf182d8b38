/* late_cond.c with a timed wait (a deadline a minute away). The interpreter lets a timed
   wait time out at any moment, so ravel check first spins in main's loop until the depth
   limit; the executions it verifies next have main signalled, and worker 1 report first. */
#include <assert.h>
#include <pthread.h>
#include <time.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int done, first;
void *work(void *arg) {
    int id = (int)(long)arg;
    if (id != 2)
        for (volatile int i = 0; i < 200000; i++)
            ;
    pthread_mutex_lock(&m);
    if (!first)
        first = id;
    done++;
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    return 0;
}
int main(void) {
    pthread_t t[3];
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 60;
    pthread_mutex_lock(&m);
    for (long k = 0; k < 3; k++)
        pthread_create(&t[k], 0, work, (void *)(k + 1));
    while (done < 3)
        pthread_cond_timedwait(&c, &m, &deadline);
    pthread_mutex_unlock(&m);
    for (int k = 0; k < 3; k++)
        pthread_join(t[k], 0);
    assert(first != 2);
    return 0;
}

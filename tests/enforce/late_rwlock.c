/* Three threads read a shared value under a read lock, then write it under the write
   lock. The assertion fails only when thread 2 reads before anyone wrote; threads 1 and 3
   first count for a while (not a scheduling point), so that unconstrained native runs
   fail most of the time, while the first schedule ravel check verifies lets thread 1 go
   first. */
#include <assert.h>
#include <pthread.h>
pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
int last, seen[3];
void *enter(void *arg) {
    int id = (int)(long)arg;
    if (id != 2)
        for (volatile int i = 0; i < 200000; i++)
            ;
    pthread_rwlock_rdlock(&rw);
    seen[id - 1] = last;
    pthread_rwlock_unlock(&rw);
    pthread_rwlock_wrlock(&rw);
    last = id;
    pthread_rwlock_unlock(&rw);
    return 0;
}
int main(void) {
    pthread_t t[3];
    for (long k = 0; k < 3; k++)
        pthread_create(&t[k], 0, enter, (void *)(k + 1));
    for (int k = 0; k < 3; k++)
        pthread_join(t[k], 0);
    assert(seen[1] != 0);
    return 0;
}

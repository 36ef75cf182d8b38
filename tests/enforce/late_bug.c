/* Three threads exchange a shared atomic. The assertion fails only when thread 2 exchanges
   first, which neither the scouting nor the start of the depth-first search of ravel check
   tries: constraints written before it gets there keep native runs away from it, although
   threads 1 and 3 first count for a while (not a scheduling point, unlike a sleep), so that
   unconstrained native runs fail most of the time. */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
atomic_int x;
int seen[3];
void *swap_in(void *arg) {
    int id = (int)(long)arg;
    if (id != 2)
        for (volatile int i = 0; i < 200000; i++)
            ;
    seen[id - 1] = atomic_exchange(&x, id);
    return 0;
}
int main(void) {
    pthread_t t[3];
    for (long k = 0; k < 3; k++)
        pthread_create(&t[k], 0, swap_in, (void *)(k + 1));
    for (int k = 0; k < 3; k++)
        pthread_join(t[k], 0);
    assert(seen[1] != 0);
    return 0;
}

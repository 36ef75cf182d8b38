/* ravel-test
 * a sense-reversing spin barrier (an atomic arrival count and a shared sense flag)
 * between two phases of three threads: each thread writes its slot before the barrier
 * and reads the others' after it: correct, and no schedule hangs.
 * run: ok
 * check: safe
 * check-all: safe
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#define N 3
atomic_int arrived;
atomic_int sense;
int slot[N];
static void barrier(int *local) {
    *local = !*local;
    if (atomic_fetch_add(&arrived, 1) == N - 1) {
        atomic_store(&arrived, 0);
        atomic_store(&sense, *local);
    } else {
        while (atomic_load(&sense) != *local)
            ;
    }
}
void *worker(void *p) {
    int id = (int)(long)p, local = 0;
    slot[id] = id + 1;
    barrier(&local);
    for (int i = 0; i < N; i++)
        assert(slot[i] == i + 1);
    return 0;
}
int main(void) {
    pthread_t t[N];
    for (long i = 0; i < N; i++)
        pthread_create(&t[i], 0, worker, (void *)i);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], 0);
    return 0;
}

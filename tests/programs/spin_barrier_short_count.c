/* ravel-test
 * a sense-reversing spin barrier that releases the threads one arrival too early: the
 * last thread's slot may still be unwritten when the others read it.
 * check: unsafe assertion-failure
 * check-all: unsafe assertion-failure
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#define N 3
atomic_int arrived;
atomic_int sense;
atomic_int slot[N];
static void barrier(int *local) {
    *local = !*local;
    if (atomic_fetch_add(&arrived, 1) == N - 2) {
        atomic_store(&arrived, 0);
        atomic_store(&sense, *local);
    } else {
        while (atomic_load(&sense) != *local)
            ;
    }
}
void *worker(void *p) {
    int id = (int)(long)p, local = 0;
    atomic_store(&slot[id], id + 1);
    barrier(&local);
    for (int i = 0; i < N; i++)
        assert(atomic_load(&slot[i]) == i + 1);
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

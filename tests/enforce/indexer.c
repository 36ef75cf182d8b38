/* The indexer of Flanagan and Godefroid's DPOR paper, as in Metzler et al.: 15 threads
   insert 4 messages each into a hash table with compare-and-swap probing. Message m of
   thread t is 11m + t, so the messages of threads 11-14 collide with those of threads 0-3
   (12 collisions, 4096 equivalence classes). */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#define THREADS 15
#define SIZE 128
#define MAX 4
atomic_int table[SIZE];
void *insert(void *arg) {
    int tid = (int)(long)arg;
    for (int m = 1; m <= MAX; m++) {
        int w = m * 11 + tid;
        int h = (w * 7) % SIZE;
        for (;;) {
            int empty = 0;
            if (atomic_compare_exchange_strong(&table[h], &empty, w))
                break;
            h = (h + 1) % SIZE;
        }
    }
    return 0;
}
int main(void) {
    pthread_t t[THREADS];
    for (long k = 0; k < THREADS; k++)
        pthread_create(&t[k], 0, insert, (void *)k);
    for (int k = 0; k < THREADS; k++)
        pthread_join(t[k], 0);
    int used = 0;
    for (int k = 0; k < SIZE; k++)
        used += atomic_load(&table[k]) != 0;
    assert(used == THREADS * MAX);
    return 0;
}

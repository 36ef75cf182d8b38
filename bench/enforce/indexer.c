/* 15 threads insert 4 messages each into a hash table with compare-and-swap probing. */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#define THREADS 15
#define SIZE 128
#define MESSAGES 4
atomic_int table[SIZE];
void *insert(void *arg) {
    int tid = (int)(long)arg;
    for (int m = 0; m < MESSAGES; m++) {
        int w = tid * MESSAGES + m + 1;
        int h = (w * 11) % SIZE;
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
    assert(used == THREADS * MESSAGES);
    return 0;
}

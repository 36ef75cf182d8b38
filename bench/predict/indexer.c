// Indexer after Flanagan and Godefroid: N threads insert 4 messages each into a 128-entry
// hash table with open addressing. The correct version claims an entry with a
// compare-and-swap; with -DBUG it checks the entry and then writes it, so two threads can
// claim one entry (a collision: main counts fewer entries than inserted).
#include <assert.h>
#include <pthread.h>

#ifndef N
#define N 10
#endif
#define SIZE 128
#define MAX 4

int table[SIZE];

static int hash(int w) { return (w * 7) % SIZE; }

void *insert(void *arg) {
    int tid = (int)(long)arg;
    for (int i = 0; i < MAX; i++) {
        int w = (i + 1) * 11 + tid;
        int h = hash(w);
        for (;;) {
#ifdef BUG
            if (table[h] == 0) {
                table[h] = w;
                break;
            }
#else
            if (__sync_bool_compare_and_swap(&table[h], 0, w))
                break;
#endif
            h = (h + 1) % SIZE;
        }
    }
    return 0;
}

int main(void) {
    pthread_t t[N];
    for (long i = 0; i < N; i++)
        pthread_create(&t[i], 0, insert, (void *)i);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], 0);
    int used = 0;
    for (int h = 0; h < SIZE; h++)
        used += table[h] != 0;
    assert(used == N * MAX);
    return 0;
}
